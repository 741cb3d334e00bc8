/**
 * Bug: a notification the server does not know is answered with a -32601 error (over HTTP a 200 with the error
 * body, not 202 with none), although a notification is never answered.
 */
import { isRecord, runGalleryServer, type Bug } from './seed.ts';

const KNOWN = new Set(['notifications/initialized', 'notifications/cancelled']);

export const bug: Bug = {
  answer: (m) =>
    isRecord(m) && typeof m.method === 'string' && !('id' in m) && !KNOWN.has(m.method)
      ? { jsonrpc: '2.0', id: null, error: { code: -32601, message: `Method not found: ${m.method}` } }
      : undefined,
};

if (import.meta.main) await runGalleryServer('notification-error-body', bug);
