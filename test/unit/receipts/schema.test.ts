import { describe, expect, it } from 'vitest';
import { canonicalJson } from '#message-model';
import { compactReceipt, createReceipt } from '../../../src/receipts/create.ts';
import {
  digestReceipt,
  isPrintableName,
  readReceipt,
  sealReceipt,
  toPrintableName,
  RECEIPT_FORMAT,
  serializeReceipt,
} from '../../../src/receipts/schema.ts';
import { goodChapters, receiptFor } from './support.ts';

describe('receipt format', () => {
  it('says what it is: format name, version, a sentence about it, and the course version', () => {
    const receipt = receiptFor('Ada', goodChapters());
    expect(receipt.format).toBe('mcp-message-lab/receipt');
    expect(receipt.version).toBe(4);
    expect(receipt.about).toMatch(/MCP Message Lab/);
    expect(receipt.course).toEqual({ title: 'MCP Message Lab', version: '1.2.3' });
    expect(receipt.scope).toBe('full');
    expect(receipt.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('serialises compactly, without whitespace between members', () => {
    const text = serializeReceipt(receiptFor('Ada', goodChapters()));
    expect(text).not.toMatch(/\n|": /);
  });

  it('round-trips: what is written reads back equal, digest intact', () => {
    const receipt = receiptFor('Ada', goodChapters());
    const reading = readReceipt(serializeReceipt(receipt));
    expect(reading).toEqual({ kind: 'receipt', receipt });
  });

  it('reads the same receipt whatever the order of its members', () => {
    const receipt = receiptFor('Ada', goodChapters());
    const reordered = Object.fromEntries(Object.entries(receipt).reverse());
    expect(readReceipt(JSON.stringify(reordered)).kind).toBe('receipt');
  });

  it('leaves the name out when the learner typed none, or only spaces', () => {
    expect('learner' in receiptFor(undefined, goodChapters())).toBe(false);
    expect('learner' in receiptFor('   ', goodChapters())).toBe(false);
  });

  it('detects an edited answer', () => {
    const receipt = receiptFor('Ada', goodChapters());
    const text = serializeReceipt(receipt).replace('"choice":"no"', '"choice":"yes"');
    expect(readReceipt(text)).toMatchObject({
      kind: 'tampered',
      message: expect.stringMatching(/changed after it was made/),
    });
  });

  it('detects an edited name and an edited self-mark', () => {
    const receipt = receiptFor('Ada', goodChapters());
    expect(readReceipt(serializeReceipt(receipt).replace('"Ada"', '"Grace"')).kind).toBe('tampered');
    expect(
      readReceipt(
        serializeReceipt({
          ...receipt,
          chapters: {
            ...receipt.chapters,
            '05-retries': { ...receipt.chapters['05-retries']!, selfMark: 'can-explain' },
          },
        }),
      ).kind,
    ).toBe('tampered');
  });

  it('rejects a receipt of a newer format version with advice, and an unknown older one', () => {
    const receipt = { ...receiptFor('Ada', goodChapters()), version: 5 };
    expect(readReceipt(receipt)).toMatchObject({
      kind: 'unsupported-version',
      message: expect.stringMatching(/newer course/),
    });
    expect(readReceipt({ ...receipt, version: 0 })).toMatchObject({ kind: 'unsupported-version' });
    expect(readReceipt({ ...receipt, version: '1' })).toMatchObject({
      kind: 'malformed',
      message: expect.stringMatching(/no version/),
    });
  });

  it('explains malformed input: not JSON, not an object, another format, a wrong field', () => {
    expect(readReceipt('{"format": ')).toMatchObject({
      kind: 'malformed',
      message: expect.stringMatching(/^This is not JSON/),
    });
    expect(readReceipt('[1,2]')).toMatchObject({
      kind: 'malformed',
      message: 'A receipt is a JSON object; this is not one.',
    });
    expect(readReceipt({ format: 'something-else', version: 1 })).toMatchObject({
      kind: 'malformed',
      message: expect.stringContaining(RECEIPT_FORMAT),
    });
    const receipt = receiptFor('Ada', goodChapters());
    const broken = { ...receipt, chapters: { '01-shapes': { hints: -1, solutions: 0 } } };
    expect(readReceipt({ ...broken, digest: digestReceipt(broken) })).toMatchObject({
      kind: 'malformed',
      message: expect.stringMatching(/chapters\.01-shapes\.hints/),
    });
    expect(readReceipt({ ...receipt, extra: true })).toMatchObject({ kind: 'malformed' });
  });

  it('refuses an oversized text before parsing it', () => {
    expect(readReceipt(`{"x":"${'a'.repeat(300_000)}"}`)).toMatchObject({
      kind: 'malformed',
      message: expect.stringMatching(/at most/),
    });
  });

  it('makes a compact receipt without free-text answers, sealed with its own valid digest', () => {
    const receipt = receiptFor('Ada', goodChapters());
    const compact = compactReceipt(receipt);
    expect(compact.scope).toBe('compact');
    expect(serializeReceipt(compact)).not.toContain('idempotency key');
    expect(compact.chapters['05-retries']!.check!.answers.why).toEqual({ rubricMet: [true, true] });
    expect(readReceipt(serializeReceipt(compact)).kind).toBe('receipt');
    expect(compact.digest).not.toBe(receipt.digest);
  });
});

describe("the digest's canonical JSON (the message model's canonicalJson)", () => {
  it('sorts keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: [3, { z: 1, a: 'x' }], a: null })).toBe('{"a":null,"b":[3,{"a":"x","z":1}]}');
  });
});

describe('learner names are printable text', () => {
  it('are made printable at creation: controls, separators and direction overrides removed, blanks collapsed', () => {
    const receipt = createReceipt({
      course: { title: 'MCP Message Lab', version: '1.2.3' },
      learner: ' \u001b[2A\u001b[2KMal\u202elory\u2028 \u009b1A ',
      createdAt: '2026-03-01T10:00:00Z',
      chapters: {},
    });
    expect(receipt.learner).toBe('[2A [2KMal lory 1A');
  });

  it('keep letters of every script, emoji sequences (zero-width joiner) and full-width forms', () => {
    const name = 'Ada 李 Łukasz 👩‍💻 ＡＢＣ';
    expect(toPrintableName(name)).toBe(name);
    expect(isPrintableName(name)).toBe(true);
  });

  it('leave a receipt anonymous when nothing printable was typed', () => {
    const receipt = createReceipt({
      course: { title: 'MCP Message Lab', version: '1.2.3' },
      learner: '\u001b\u0007 ',
      createdAt: '2026-03-01T10:00:00Z',
      chapters: {},
    });
    expect(receipt.learner).toBeUndefined();
  });

  it('are validated on reading: a sealed receipt whose name holds an escape sequence is malformed', () => {
    const { digest: _d, ...body } = receiptFor('Ada', goodChapters());
    for (const learner of ['\u001b[2KMallory', 'Mallory\u009b', 'Mal\nlory', 'Eve\u202eevE', '\ud800x']) {
      const reading = readReceipt(serializeReceipt(sealReceipt({ ...body, learner })));
      expect(reading.kind, JSON.stringify(learner)).toBe('malformed');
      expect(reading.kind === 'malformed' && reading.message).toMatch(/learner: .*printable text/);
    }
  });

  it('refuse a name that shows nothing or hides characters: zero-width spaces, Hangul fillers, soft hyphens', () => {
    const { digest: _d, ...body } = receiptFor('Ada', goodChapters());
    for (const learner of ['\u200b', '\u3164\u3164', 'Ada\u200bLovelace', 'Ada\u00adLovelace', '\ufeffAda']) {
      const reading = readReceipt(serializeReceipt(sealReceipt({ ...body, learner })));
      expect(reading.kind, JSON.stringify(learner)).toBe('malformed');
    }
  });

  it('drop invisible characters at creation, leaving the receipt anonymous when nothing visible was typed', () => {
    const make = (learner: string) =>
      createReceipt({
        course: { title: 'MCP Message Lab', version: '1.2.3' },
        learner,
        createdAt: '2026-03-01T10:00:00Z',
        chapters: {},
      }).learner;
    expect(make('\u3164\u200b')).toBeUndefined();
    expect(make('Ada\u200b Love\u00adlace')).toBe('Ada Lovelace');
  });
});
