/**
 * Counting the pages of a PDF that Chromium printed (`page.pdf()`): its page objects (`/Type /Page`, not the
 * `/Pages` tree nodes). Chromium writes them uncompressed, so a text search finds each one.
 */

/** The number of pages in a PDF. */
export function countPdfPages(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g) ?? []).length;
}
