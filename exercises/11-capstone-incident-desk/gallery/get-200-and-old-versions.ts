/**
 * Two bugs of a modern HTTP server: GET is answered 200 with a text body instead of 405, and a request naming a
 * protocol version the server does not implement is served anyway instead of -32022 with the supported versions.
 */
import { isRecord, runGalleryServer, type Bug } from './seed.ts';

const VERSION = 'io.modelcontextprotocol/protocolVersion';

export const bug: Bug = {
  http: (request) =>
    request.method === 'GET'
      ? new Response('MCP endpoint', { status: 200, headers: { 'content-type': 'text/plain' } })
      : undefined,
  rewriteIn: (m) => {
    if (!isRecord(m) || !isRecord(m.params) || !isRecord(m.params._meta)) return undefined;
    const version = m.params._meta[VERSION];
    return typeof version === 'string' && version < '2025-01-01'
      ? { ...m, params: { ...m.params, _meta: { ...m.params._meta, [VERSION]: '2026-07-28' } } }
      : undefined;
  },
};

if (import.meta.main) await runGalleryServer('get-200-and-old-versions', bug);
