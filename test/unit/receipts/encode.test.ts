import { describe, expect, it } from 'vitest';
import { compressReceiptText, decompressReceiptText, splitReceiptText } from '../../../src/receipts/encode.ts';
import { serializeReceipt } from '../../../src/receipts/schema.ts';
import { goodChapters, receiptFor } from './support.ts';

describe('compressed receipts', () => {
  it('round-trips through the MLR1: form, which is shorter and URL-safe', async () => {
    const json = serializeReceipt(receiptFor('Ada', goodChapters()));
    const token = await compressReceiptText(json);
    expect(token).toMatch(/^MLR1:[A-Za-z0-9_-]+$/);
    expect(token.length).toBeLessThan(json.length);
    expect(await decompressReceiptText(token)).toEqual({ kind: 'text', text: json });
  });

  it('reports a damaged token instead of throwing', async () => {
    expect(await decompressReceiptText('MLR1:!!!')).toMatchObject({
      kind: 'error',
      message: expect.stringMatching(/damaged/),
    });
    expect(await decompressReceiptText('MLR1:AAAA')).toMatchObject({
      kind: 'error',
      message: expect.stringMatching(/does not decompress/),
    });
    expect(await decompressReceiptText('MLR1:')).toMatchObject({ kind: 'error' });
  });

  it('stops a small token that would inflate to something huge', async () => {
    const token = await compressReceiptText('a'.repeat(5_000_000));
    expect(await decompressReceiptText(token)).toMatchObject({
      kind: 'error',
      message: expect.stringMatching(/expands to more than/),
    });
  });
});

describe('splitReceiptText', () => {
  it('finds objects one after another, in an array, and compressed tokens, with their lines', () => {
    const text = '{"a":1}\n{"b":"}{"}\n[{"c":[1,{"d":2}]}, {"e":3}]\nMLR1:abc_-9\n';
    expect(splitReceiptText(text)).toEqual([
      { kind: 'json', text: '{"a":1}', line: 1 },
      { kind: 'json', text: '{"b":"}{"}', line: 2 },
      { kind: 'json', text: '{"c":[1,{"d":2}]}', line: 3 },
      { kind: 'json', text: '{"e":3}', line: 3 },
      { kind: 'compressed', text: 'MLR1:abc_-9', line: 4 },
    ]);
  });

  it('points at text that is neither', () => {
    expect(splitReceiptText('hello there\n{"a":1}')).toEqual([
      { kind: 'unrecognised', text: 'hello there', line: 1 },
      { kind: 'json', text: '{"a":1}', line: 2 },
    ]);
  });

  it('hands an unterminated object on as it is, so the reader can say it is not JSON', () => {
    expect(splitReceiptText('{"a": "b')).toEqual([{ kind: 'json', text: '{"a": "b', line: 1 }]);
  });

  it('finds nothing in blank input', () => {
    expect(splitReceiptText('  \n ,\n')).toEqual([]);
  });

  it('counts the lines of an object that spans several, newlines inside its strings included', () => {
    expect(splitReceiptText('{\n"a": "x\\ny",\n"b": "}"\n}\n\n{"c":1}\nMLR1:x')).toEqual([
      { kind: 'json', text: '{\n"a": "x\\ny",\n"b": "}"\n}', line: 1 },
      { kind: 'json', text: '{"c":1}', line: 6 },
      { kind: 'compressed', text: 'MLR1:x', line: 7 },
    ]);
  });

  // The attack: a pasted blob built to make the splitter loop for long, or overflow a stack, on the grader's page or
  // in the CLI. Each input is large enough that a scan doing more than a pass over it would run past the test's time
  // limit; each comes back as one piece, for the reader to reject.
  it('hands on 100,000 unclosed braces as one piece, without throwing', () => {
    const deep = '{'.repeat(100_000);
    expect(splitReceiptText(deep)).toEqual([{ kind: 'json', text: deep, line: 1 }]);
    const nested = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    expect(splitReceiptText(`${nested}\n{}`)).toEqual([
      { kind: 'json', text: nested, line: 1 },
      { kind: 'json', text: '{}', line: 2 },
    ]);
  });

  it('hands on an object whose string never ends (escaped quotes, a trailing backslash) as one piece', () => {
    const escapedQuotes = `{"a": "${'\\"'.repeat(100_000)}}\n{"b":1}`;
    expect(splitReceiptText(escapedQuotes)).toEqual([{ kind: 'json', text: escapedQuotes, line: 1 }]);
    const trailing = `{"a": "${'x'.repeat(1_000_000)}\\`;
    expect(splitReceiptText(trailing)).toEqual([{ kind: 'json', text: trailing, line: 1 }]);
  });

  it('cuts a long run of text that is no receipt to a short excerpt', () => {
    const junk = `"${'x'.repeat(1_000_000)}`;
    expect(splitReceiptText(`${junk}\n{"a":1}`)).toEqual([
      { kind: 'unrecognised', text: `"${'x'.repeat(76)}...`, line: 1 },
      { kind: 'json', text: '{"a":1}', line: 2 },
    ]);
  });
});
