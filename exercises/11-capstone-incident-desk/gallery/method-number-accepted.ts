/**
 * Bug: a request whose method is a number is served as if it named tools/list, instead of being refused as an
 * Invalid Request (-32600): the server guesses at what a malformed message meant.
 */
import { isRecord, runGalleryServer, type Bug } from './seed.ts';

export const bug: Bug = {
  rewriteIn: (m) => (isRecord(m) && typeof m.method === 'number' ? { ...m, method: 'tools/list' } : undefined),
};

if (import.meta.main) await runGalleryServer('method-number-accepted', bug);
