/**
 * The sandbox frame's document (served as /code-lab/sandbox.html by src/pages/code-lab/sandbox.html.ts): its own
 * Content-Security-Policy as a meta tag, and its one script inline, allowed by its hash.
 *
 * The policy: nothing may be fetched or connected to (default-src 'none' covers fetch, XHR, WebSocket,
 * WebSocketStream, EventSource, fonts, images, module and script loading); scripts only this inline one and, for
 * the learner's transpiled code, eval ('unsafe-eval' is in this policy only, never a page's); workers only from blob:
 * URLs, which inherit this policy. It must be loaded with sandbox="allow-scripts" and without allow-same-origin, so
 * its origin is opaque: no cookies, no localStorage, IndexedDB, Cache Storage, OPFS or storage buckets of the site.
 */
import { createHash } from 'node:crypto';
import ts from 'typescript';
import bootstrapSource from './bootstrap.ts?raw';
import { OUTPUT_LIMITS } from '../worker/protocol.ts';

/** The limits the frame applies to each run, on top of the checker's. */
const FRAME_LIMITS = {
  messageChars: OUTPUT_LIMITS.messageChars,
  lineChars: OUTPUT_LIMITS.lineChars,
  nameChars: OUTPUT_LIMITS.nameChars,
  // Every result, every line of output and the few status messages, with room to spare.
  messagesPerRun: 1_000,
};

/** The frame's inline script: the limits, then the bootstrap with its types and comments stripped. */
function frameScript(): string {
  const js = ts
    .transpileModule(bootstrapSource, {
      compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, removeComments: true },
    })
    .outputText.replace(/^export \{\};\s*$/m, '');
  return `const FRAME_LIMITS = ${JSON.stringify(FRAME_LIMITS)};\n${js}`;
}

/** The frame's policy, given the hash source of its script. */
function framePolicy(scriptHash: string): string {
  return [
    "default-src 'none'",
    `script-src '${scriptHash}' 'unsafe-eval'`,
    'worker-src blob:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** The frame's whole document. */
export function frameHtml(): string {
  // Nothing in the script may end the script element early; the hash is of exactly what the page carries.
  const script = frameScript().replace(/<\/(script)/gi, '<\\/$1');
  const hash = `sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}`;
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${framePolicy(hash)}">`,
    '<meta name="robots" content="noindex">',
    '<title>Code lab sandbox</title>',
    '</head>',
    '<body>',
    `<script>${script}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
