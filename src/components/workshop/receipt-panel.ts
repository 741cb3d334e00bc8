/**
 * `<lab-receipt-panel>` (ReceiptPanel.astro): makes a receipt from the progress saved in this browser and hands it
 * over as copied text, a downloaded file or a QR code; the receipt modules load on first use.
 */
import { copyText } from '../../lib/clipboard.ts';
import { qrSvg, showQr } from '../../lib/qr.ts';
import { downloadFile } from '../../lib/download.ts';

const NAME_KEY = 'mcp-lab-receipt-name';
const LMS_ID_KEY = 'mcp-lab-receipt-lms-id';

interface Config {
  course: { title: string; version: string };
  tables: Record<string, Record<string, string[]>>;
}

class ReceiptPanel extends HTMLElement {
  connectedCallback() {
    const config = JSON.parse(this.querySelector('[data-role="config"]')!.textContent ?? '{}') as Config;
    const controls = this.querySelector<HTMLElement>('[data-role="controls"]')!;
    const name = this.querySelector<HTMLInputElement>('[data-role="name"]')!;
    const lmsId = this.querySelector<HTMLInputElement>('[data-role="lms-id"]')!;
    const status = this.querySelector<HTMLElement>('[data-role="status"]')!;
    const qrBox = this.querySelector<HTMLElement>('[data-role="qr-box"]')!;
    const qr = this.querySelector<HTMLElement>('[data-role="qr"]')!;
    const qrNote = this.querySelector<HTMLElement>('[data-role="qr-note"]')!;
    const preview = this.querySelector<HTMLDetailsElement>('[data-role="preview"]')!;
    const json = this.querySelector<HTMLElement>('[data-role="json"]')!;
    const leftOutList = this.querySelector<HTMLElement>('[data-role="left-out"]')!;
    controls.hidden = false;
    try {
      name.value = localStorage.getItem(NAME_KEY) ?? '';
      lmsId.value = localStorage.getItem(LMS_ID_KEY) ?? '';
    } catch {
      // No storage: the name is simply not remembered.
    }
    name.addEventListener('change', () => {
      try {
        localStorage.setItem(NAME_KEY, name.value.trim());
      } catch {
        // Not remembered; the receipt still uses what is typed.
      }
    });
    lmsId.addEventListener('change', () => {
      try {
        localStorage.setItem(LMS_ID_KEY, lmsId.value.trim());
      } catch {
        // Not remembered; the receipt still uses what is typed.
      }
    });
    let qrText = '';

    /** Builds a fresh receipt from the progress saved now (the modules load on first use). */
    const make = async () => {
      const [{ progressStore }, { receiptDraftFromProgress }, { createReceipt }, { serializeReceipt }, lms] =
        await Promise.all([
          import('../../progress/browser.ts'),
          import('../../receipts/from-progress.ts'),
          import('../../receipts/create.ts'),
          import('../../receipts/schema.ts'),
          import('../../receipts/lms-id.ts'),
        ]);
      const id = lms.lmsIdExtension(lmsId.value);
      if (id.kind === 'invalid') {
        status.textContent = `Check your LMS identifier: ${id.reason}. No receipt was made.`;
        lmsId.focus();
        return undefined;
      }
      const learner = name.value.trim();
      const { draft, leftOut } = receiptDraftFromProgress(progressStore().read(), config.tables, {
        course: config.course,
        ...(learner ? { learner } : {}),
        now: new Date().toISOString(),
      });
      const receipt = createReceipt(
        id.kind === 'ok' ? { ...draft, extensions: { [lms.LMS_ID_EXTENSION]: id.extension } } : draft,
      );
      const text = serializeReceipt(receipt);
      json.textContent = JSON.stringify(receipt, null, 2);
      leftOutList.replaceChildren(
        ...leftOut.map((l) => Object.assign(document.createElement('li'), { textContent: `Left out: ${l}` })),
      );
      return { receipt, text, chapters: Object.keys(receipt.chapters).length, leftOut };
    };
    const describe = (chapters: number) =>
      chapters === 0
        ? 'The receipt is empty: there is no saved progress in this browser yet.'
        : `The receipt covers ${chapters} chapter${chapters === 1 ? '' : 's'}.`;

    const copyReceipt = async () => {
      const made = await make();
      if (!made) return;
      const ok = await copyText(made.text);
      if (ok)
        status.textContent = `Receipt copied. ${describe(made.chapters)} Paste it wherever your instructor collects receipts.`;
      else {
        preview.open = true;
        status.textContent = `This browser did not allow copying. The receipt is shown below: select all of it and copy it. ${describe(made.chapters)}`;
      }
    };
    this.querySelector('[data-action="copy"]')!.addEventListener('click', () => void copyReceipt());

    const downloadReceipt = async () => {
      const made = await make();
      if (!made) return;
      const who =
        (made.receipt.learner ?? 'learner')
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '') || 'learner';
      const name = `mcp-message-lab-receipt-${who}.json`;
      downloadFile(new Blob([made.text], { type: 'application/json' }), name);
      status.textContent = `Receipt downloaded as ${name}. ${describe(made.chapters)}`;
    };
    this.querySelector('[data-action="download"]')!.addEventListener('click', () => void downloadReceipt());

    const showReceiptQr = async () => {
      const made = await make();
      if (!made) return;
      const [{ compressReceiptText, QR_MAX_BYTES }, { compactReceipt }, { serializeReceipt }] = await Promise.all([
        import('../../receipts/encode.ts'),
        import('../../receipts/create.ts'),
        import('../../receipts/schema.ts'),
      ]);
      const bytes = (t: string) => new TextEncoder().encode(t).length;
      // Try the plain receipt, then the compressed one, then the compressed compact one (no free-text answers).
      const candidates: [string, () => Promise<string>][] = [
        ['the full receipt', async () => made.text],
        ['the full receipt, compressed', () => compressReceiptText(made.text)],
        [
          'a compact receipt (free-text answers left out), compressed',
          () => compressReceiptText(serializeReceipt(compactReceipt(made.receipt))),
        ],
      ];
      for (const [label, build] of candidates) {
        const text = await build();
        if (bytes(text) > QR_MAX_BYTES) continue;
        const drawn = await qrSvg(text);
        if (drawn.kind !== 'svg') continue;
        qrText = text;
        showQr(qr, drawn.svg, 'QR code of your receipt');
        qrBox.hidden = false;
        qrNote.textContent = `This code holds ${label} (${bytes(text)} bytes). Scan it with a phone and send the text to your instructor; the roster reads every form.`;
        status.textContent = `QR code ready. ${describe(made.chapters)}`;
        return;
      }
      qr.replaceChildren();
      qrBox.hidden = true;
      status.textContent = `Your receipt is too large for a QR code, even compressed (a QR code holds at most ${QR_MAX_BYTES} bytes). Use "Copy receipt" or "Download receipt" instead.`;
    };
    this.querySelector('[data-action="qr"]')!.addEventListener('click', () => void showReceiptQr());

    const copyQrText = async () => {
      const ok = await copyText(qrText);
      status.textContent = ok ? "The QR code's text is copied." : 'This browser did not allow copying.';
    };
    this.querySelector('[data-action="copy-qr-text"]')!.addEventListener('click', () => void copyQrText());

    preview.addEventListener('toggle', () => {
      if (preview.open && !json.textContent) void make();
    });
  }
}

if (!customElements.get('lab-receipt-panel')) customElements.define('lab-receipt-panel', ReceiptPanel);
