/**
 * Bug: a string id made of digits is echoed as a number ("7" comes back as 7), so a client that keys its pending
 * requests by the exact id never finds the answer.
 */
import { isRecord, runGalleryServer, type Bug } from './seed.ts';

export const bug: Bug = {
  rewriteOut: (m) =>
    isRecord(m) && typeof m.id === 'string' && /^\d+$/.test(m.id) ? { ...m, id: Number(m.id) } : undefined,
};

if (import.meta.main) await runGalleryServer('string-id-as-number', bug);
