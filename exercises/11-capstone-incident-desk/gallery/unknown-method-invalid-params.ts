/**
 * Bug: an unknown method is answered -32602 Invalid params instead of -32601 Method not found, so a client cannot
 * tell "no such method" from "bad arguments" (JSON-RPC 2.0 §5.1 gives each its own code).
 */
import { isRecord, runGalleryServer, type Bug } from './seed.ts';

export const bug: Bug = {
  rewriteOut: (m) =>
    isRecord(m) && isRecord(m.error) && m.error.code === -32601
      ? { ...m, error: { code: -32602, message: 'Invalid params' } }
      : undefined,
};

if (import.meta.main) await runGalleryServer('unknown-method-invalid-params', bug);
