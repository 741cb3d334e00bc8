/**
 * Copying text to the clipboard, in pages. Works on plain http too (a laptop serving a workshop room over the LAN),
 * where navigator.clipboard does not exist: the fallback copies from a temporary text area. Resolves to false when
 * even that fails; callers then say so and show the text to copy by hand.
 */

/** Copies `text`; resolves to true when the browser confirmed the copy. */
export async function copyText(text: string): Promise<boolean> {
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Permission refused: try the old way below.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}
