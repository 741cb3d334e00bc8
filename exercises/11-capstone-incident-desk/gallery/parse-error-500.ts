/**
 * Bug: a body that is not JSON is answered 500 with a text/plain stack-trace-like message, not a -32700 error object
 * (MCP pins no status for it; the official SDK sends 400): the client gets no JSON-RPC error to read, and a 5xx that
 * invites a retry of the same bad body.
 */
import { runGalleryServer, type Bug } from './seed.ts';

export const bug: Bug = {
  http: (request, body) => {
    if (request.method !== 'POST') return undefined;
    try {
      JSON.parse(body);
      return undefined;
    } catch {
      return new Response('SyntaxError: Unexpected end of JSON input', {
        status: 500,
        headers: { 'content-type': 'text/plain' },
      });
    }
  },
};

if (import.meta.main) await runGalleryServer('parse-error-500', bug);
