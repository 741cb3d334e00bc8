/**
 * Bug: a call to a tool the server does not have is answered with a normal result (isError: true) instead of the
 * protocol error -32602: "no such tool" is the client's mistake, not the tool's.
 */
import { isRecord, runGalleryServer, type Bug } from './seed.ts';

export const bug: Bug = {
  rewriteOut: (m) =>
    isRecord(m) && isRecord(m.error) && m.error.code === -32602 && /Tool .* not found/.test(String(m.error.message))
      ? {
          jsonrpc: '2.0',
          id: m.id,
          result: { content: [{ type: 'text', text: String(m.error.message) }], isError: true },
        }
      : undefined,
};

if (import.meta.main) await runGalleryServer('unknown-tool-result', bug);
