/**
 * Making receipts: seal a draft into a versioned receipt, and derive the compact form (free-text answers left
 * out) that fits a QR code. Pure; the browser's receipt panel and the test generators both use it.
 */
import {
  RECEIPT_ABOUT,
  RECEIPT_FORMAT,
  RECEIPT_VERSION,
  sealReceipt,
  toPrintableName,
  type ChapterReceipt,
  type Receipt,
} from './schema.ts';

/** Everything a receipt records, before the format's own members are added. */
export interface ReceiptDraft {
  course: { title: string; version: string };
  /** The name the learner typed; blank or missing leaves the receipt anonymous. Made printable (toPrintableName). */
  learner?: string;
  /** When the receipt is made (ISO 8601). */
  createdAt: string;
  /** Chapter id → activity; chapters without activity should be left out. */
  chapters: Record<string, ChapterReceipt>;
  /** What other parts of the course add (name → plain JSON, at most 8 levels deep); graded by nobody. */
  extensions?: Record<string, unknown>;
}

/** Seals a draft into a full receipt. */
export function createReceipt(draft: ReceiptDraft): Receipt {
  const learner = draft.learner === undefined ? undefined : toPrintableName(draft.learner);
  return sealReceipt({
    format: RECEIPT_FORMAT,
    version: RECEIPT_VERSION,
    about: RECEIPT_ABOUT,
    course: draft.course,
    ...(learner ? { learner } : {}),
    scope: 'full',
    createdAt: draft.createdAt,
    chapters: draft.chapters,
    ...(draft.extensions && Object.keys(draft.extensions).length > 0 ? { extensions: draft.extensions } : {}),
  });
}

/**
 * The compact form: the same receipt without free-text answers (self-assessed explanations), which are what make a
 * receipt too big for a QR code. Graded answers are all kept, so the roster grades it the same; it is re-sealed
 * with its own digest and says `scope: "compact"`.
 */
export function compactReceipt(receipt: Receipt): Receipt {
  const chapters: Record<string, ChapterReceipt> = {};
  for (const [id, ch] of Object.entries(receipt.chapters)) {
    if (!ch.check) {
      chapters[id] = ch;
      continue;
    }
    const answers = Object.fromEntries(
      Object.entries(ch.check.answers).map(([q, a]) => {
        if (!('text' in a) || a.text === undefined) return [q, a];
        const { text: _dropped, ...rest } = a;
        return [q, rest];
      }),
    );
    chapters[id] = { ...ch, check: { ...ch.check, answers } };
  }
  const { digest: _old, ...body } = receipt;
  return sealReceipt({ ...body, scope: 'compact', chapters });
}
