/** The course's chapter ids (CONTRACTS.md), in order: the progress store keys its chapters by them. */
export const CHAPTER_IDS = [
  '01-message-shapes',
  '02-what-a-receiver-owes',
  '03-tool-failures-vs-protocol-failures',
  '04-results-in-2026-07-28',
  '05-error-semantics-and-retries',
  '06-designing-your-own-errors',
  '07-batching-size-and-transports',
  '08-faq',
] as const;
export type ChapterId = (typeof CHAPTER_IDS)[number];

/** True when `value` is one of the course's chapter ids. */
export function isChapterId(value: unknown): value is ChapterId {
  return typeof value === 'string' && (CHAPTER_IDS as readonly string[]).includes(value);
}
