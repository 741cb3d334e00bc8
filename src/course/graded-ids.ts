/**
 * The widget ids the graded kinds file their answers under, where an id is made from what the chapter names. Pure;
 * no imports, so the checklist and the graders share it without loading each other.
 */

/** The widget id of an <HttpExchange exchange> (HttpExchange.astro's `domId('http', id)`: exchange ids are kebab-case). */
export const httpExchangeWidgetId = (exchange: string): string => `http-${exchange}`;
