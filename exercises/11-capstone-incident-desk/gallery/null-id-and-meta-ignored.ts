/**
 * Two bugs: a request with `"id": null` is served (MCP ids are never null), and a 2026-07-28 request without its
 * `_meta` envelope is served as if the envelope were there instead of being refused with -32602.
 */
import { isRecord, runGalleryServer, type Bug } from './seed.ts';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

export const bug: Bug = {
  answer: (m) =>
    isRecord(m) && m.id === null && typeof m.method === 'string'
      ? { jsonrpc: '2.0', id: null, result: { tools: [], resultType: 'complete' } }
      : undefined,
  // A legacy request (its header names a 2025 revision) has no envelope to miss.
  rewriteIn: (m, version) =>
    (version === undefined || version >= '2026-07-28') &&
    isRecord(m) &&
    m.method === 'tools/list' &&
    isRecord(m.params) &&
    !('_meta' in m.params) &&
    'id' in m
      ? { ...m, params: { ...m.params, _meta: META } }
      : undefined,
};

if (import.meta.main) await runGalleryServer('null-id-and-meta-ignored', bug);
