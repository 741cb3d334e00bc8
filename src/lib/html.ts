/**
 * Escapes text for HTML element content and double-quoted attribute values: `&`, `<`, `>` and `"` become character
 * references, so the text is shown as written and cannot open a tag or end an attribute.
 */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
