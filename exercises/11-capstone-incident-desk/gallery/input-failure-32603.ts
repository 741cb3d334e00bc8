/**
 * Bug: a malformed incident id, which the tool itself rejects, is thrown as a -32603 Internal error instead of being
 * returned as a tool result with isError: true, so the model never sees what was wrong and cannot correct it.
 */
import { isRecord, runGalleryServer, type Bug } from './seed.ts';

const isMalformedIdAnswer = (result: unknown) =>
  isRecord(result) && result.isError === true && JSON.stringify(result.content).includes('is not an incident id');

export const bug: Bug = {
  rewriteOut: (m) =>
    isRecord(m) && isMalformedIdAnswer(m.result)
      ? { jsonrpc: '2.0', id: m.id, error: { code: -32603, message: 'Internal error: invalid incident id' } }
      : undefined,
};

if (import.meta.main) await runGalleryServer('input-failure-32603', bug);
