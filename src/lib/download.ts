/**
 * Saves `blob` as a file named `name` through a temporary link (the browser's own download, no server). The object
 * URL is revoked after a while, not at once: some browsers start reading it only after the click returns.
 */
export function downloadFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
