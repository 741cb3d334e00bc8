/**
 * Bug: a JSON array of requests is served as a batch and answered with an array of results, although batching was
 * removed from MCP in 2025-06-18 (and a stdio server may write only single MCP messages).
 */
import { isRecord, runGalleryServer, type Bug } from './seed.ts';

const listed = (id: unknown) => ({ jsonrpc: '2.0', id, result: { tools: [] } });

export const bug: Bug = {
  answer: (m) =>
    Array.isArray(m) && m.length > 0
      ? m.filter((item) => isRecord(item) && 'id' in item).map((item) => listed((item as { id: unknown }).id))
      : undefined,
};

if (import.meta.main) await runGalleryServer('batch-accepted', bug);
