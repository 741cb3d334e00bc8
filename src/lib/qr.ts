/** Drawing QR codes for the workshop pages (lock links, receipts, the room's join link). Browser only. */

/** The outcome of drawing a QR code. */
export type QrOutcome = { kind: 'svg'; svg: string } | { kind: 'too-large'; message: string };

/**
 * Draws `text` as an SVG QR code (error correction L: a screen is not a crumpled sticker, and L holds the most).
 * The generator is loaded on first use, so pages that never draw a code never download it.
 */
export async function qrSvg(text: string): Promise<QrOutcome> {
  const QRCode = (await import('qrcode')).default;
  try {
    const svg = await QRCode.toString(text, {
      type: 'svg',
      errorCorrectionLevel: 'L',
      margin: 2,
      color: { dark: '#000000', light: '#ffffff' },
    });
    return { kind: 'svg', svg };
  } catch (error) {
    return { kind: 'too-large', message: error instanceof Error ? error.message : String(error) };
  }
}

/** Puts an SVG QR code into `container` with an accessible name. */
export function showQr(container: HTMLElement, svg: string, label: string): void {
  container.innerHTML = svg;
  const el = container.querySelector('svg');
  if (el) {
    el.setAttribute('role', 'img');
    el.setAttribute('aria-label', label);
  }
}
