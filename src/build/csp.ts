/**
 * The site's Content-Security-Policy, and the Astro integration that puts it on every built page.
 *
 * A static site cannot count on response headers, so after the build every HTML file gets the policy as a
 * <meta http-equiv> right after its charset, before any script. It is strict:
 * - scripts only from this origin, plus a sha256 hash for each inline script the page carries (the theme script,
 *   the workshop-lock script, small module scripts Astro inlined); no 'unsafe-inline', no 'unsafe-eval' on any page;
 *   a page marked with data-csp-wasm (search, whose pagefind index runs as WebAssembly) also gets 'wasm-unsafe-eval',
 *   which allows compiling WebAssembly and nothing of JavaScript's eval;
 * - <style> elements only from this origin or hashed (style-src-elem), except on pages with a code lab
 *   (data-code-lab): CodeMirror writes its theme into a <style> element whose text changes as the editor mounts, so
 *   no hash can cover it, and those pages allow inline style elements; styles cannot run code;
 * - style attributes are allowed
 *   (style-src-attr 'unsafe-inline'): shiki colours every code token with one, widgets set custom properties with
 *   them, hashes cannot cover attributes set by script, and an attribute cannot run code or fetch beyond img-src;
 * - connections, frames, workers, fonts, images and the manifest from this origin only (images also as data: URLs,
 *   for QR codes); no plugins (object-src 'none'), no <base> (base-uri 'none'), forms post only here.
 * A page that already carries a policy of its own (the code lab's sandbox frame) is left as it is.
 *
 * What a meta tag cannot do: frame-ancestors, X-Content-Type-Options and Referrer-Policy need response headers;
 * SECURITY_HEADERS lists them and the README says how to serve them.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** The attribute that marks a page needing WebAssembly ('wasm-unsafe-eval'). */
export const WASM_MARKER = 'data-csp-wasm';
/** The attribute every code lab carries: its page allows inline style elements (CodeMirror's theme). */
export const CODE_LAB_MARKER = 'data-code-lab';

/** The response headers a server should send with every page, which a meta tag cannot set. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "frame-ancestors 'self'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/** What a page needs in its policy besides the fixed directives. */
export interface PagePolicyInput {
  /** sha256 sources ("sha256-…") of the inline scripts the page runs. */
  scriptHashes: readonly string[];
  /** sha256 sources of the page's inline <style> elements. */
  styleHashes: readonly string[];
  /** Whether the page compiles WebAssembly. */
  wasm?: boolean;
  /** Whether the page writes <style> elements at run time (a code editor), so they cannot be hashed. */
  runtimeStyles?: boolean;
}

/** The policy for one page. */
export function sitePolicy({
  scriptHashes,
  styleHashes,
  wasm = false,
  runtimeStyles = false,
}: PagePolicyInput): string {
  const quoted = (hashes: readonly string[]) => hashes.map((h) => ` '${h}'`).join('');
  return [
    "default-src 'self'",
    `script-src 'self'${wasm ? " 'wasm-unsafe-eval'" : ''}${quoted(scriptHashes)}`,
    // For browsers without CSP Level 3's -elem/-attr directives; those that have them use the two below.
    "style-src 'self' 'unsafe-inline'",
    // A hash next to 'unsafe-inline' would switch 'unsafe-inline' off, so a page with run-time styles lists none.
    runtimeStyles ? "style-src-elem 'self' 'unsafe-inline'" : `style-src-elem 'self'${quoted(styleHashes)}`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;
const NOT_EXECUTED = /\btype\s*=\s*["']?(?!module\b|text\/javascript\b|application\/javascript\b)[^"'\s>]+/i;
const sha256 = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

/** The sha256 sources of every inline script in the HTML that a browser would execute. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(INLINE_SCRIPT)) {
    const attrs = m[1] ?? '';
    if (/\bsrc\s*=/.test(attrs) || NOT_EXECUTED.test(attrs)) continue;
    hashes.add(sha256(m[2] ?? ''));
  }
  return [...hashes].sort();
}

/** The sha256 sources of every inline <style> element in the HTML. */
export function inlineStyleHashes(html: string): string[] {
  return [...new Set([...html.matchAll(INLINE_STYLE)].map((m) => sha256(m[1] ?? '')))].sort();
}

/** True when the HTML already carries a policy in a meta tag. */
export function hasPolicy(html: string): boolean {
  return /<meta\s[^>]*http-equiv=["']?content-security-policy/i.test(html);
}

/** Adds the policy to one page's HTML; a page with a policy of its own is returned unchanged. */
export function withSitePolicy(html: string): string {
  if (hasPolicy(html)) return html;
  const policy = sitePolicy({
    scriptHashes: inlineScriptHashes(html),
    styleHashes: inlineStyleHashes(html),
    wasm: html.includes(WASM_MARKER),
    runtimeStyles: html.includes(CODE_LAB_MARKER),
  });
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}">`;
  // Right after the charset (which must stay within the first 1024 bytes), so the policy is in force before any
  // script, style or worker is parsed.
  const charset = /<meta charset=["']?utf-8["']?\s*\/?>/i.exec(html);
  if (charset)
    return html.slice(0, charset.index + charset[0].length) + meta + html.slice(charset.index + charset[0].length);
  if (/<head[^>]*>/i.test(html)) return html.replace(/<head[^>]*>/i, (head) => `${head}${meta}`);
  // A page with neither (the redirect pages Astro writes for old addresses) starts its head implicitly: the policy
  // goes first, right after the doctype.
  const doctype = /^\s*<!doctype html>/i.exec(html);
  return doctype ? doctype[0] + meta + html.slice(doctype[0].length) : meta + html;
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => join(e.parentPath, e.name));
}

/** The Astro integration: after the build, adds the policy to every page that has none of its own. */
export function siteCsp(): AstroIntegration {
  return {
    name: 'mcp-message-lab:site-csp',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        let added = 0;
        let own = 0;
        for (const file of await htmlFiles(fileURLToPath(dir))) {
          const html = await readFile(file, 'utf8');
          const next = withSitePolicy(html);
          if (next === html) own++;
          else {
            await writeFile(file, next);
            added++;
          }
        }
        logger.info(`Content-Security-Policy added to ${added} page(s); ${own} carried their own.`);
      },
    },
  };
}
