/**
 * The Content-Security-Policy of pages with a code lab, and the Astro integration that applies it.
 *
 * A code lab runs code a learner typed, so its page gets a strict policy as a <meta http-equiv> (a static site
 * cannot rely on response headers). After the build, every HTML file holding a code lab gets the meta tag as the
 * first element of <head>, with a sha256 hash for each inline script the page carries (the layout's theme and
 * workshop-lock scripts, and any small module script Astro chose to inline), so no 'unsafe-inline' is needed for
 * scripts. Beyond what the page already loads, a lab needs: the sandbox frame from this origin (frame-src 'self';
 * /code-lab/sandbox.html), a fetch of the runner's script from this origin, which it hands to the frame
 * (connect-src 'self'), and workers from this origin (worker-src 'self'). Styles keep 'unsafe-inline': shiki colours
 * every token with a style attribute, which hashes cannot cover, and styles cannot run code.
 *
 * No page policy has 'unsafe-eval': the learner's code is evaluated only inside the sandbox frame, whose own policy
 * (frame/frame-html.ts) allows eval and no connection of any kind. See the README's threat model.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** The attribute every code lab carries; a page with it gets the policy. */
export const CODE_LAB_MARKER = 'data-code-lab';

/** The policy's directives, apart from the hashes of the page's own inline scripts. */
export function codeLabPolicy(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.map((h) => ` '${h}'`).join('')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const NOT_EXECUTED = /\btype\s*=\s*["']?(?!module\b|text\/javascript\b|application\/javascript\b)[^"'\s>]+/i;

/** The sha256 sources of every inline script in the HTML that a browser would execute. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(INLINE_SCRIPT)) {
    const attrs = m[1] ?? '';
    if (/\bsrc\s*=/.test(attrs) || NOT_EXECUTED.test(attrs)) continue;
    hashes.add(
      `sha256-${createHash('sha256')
        .update(m[2] ?? '', 'utf8')
        .digest('base64')}`,
    );
  }
  return [...hashes].sort();
}

/** Adds the policy to one page's HTML (idempotent: a page that already has a policy is left alone). */
export function withCodeLabPolicy(html: string): string {
  if (!html.includes(CODE_LAB_MARKER) || /http-equiv=["']?content-security-policy/i.test(html)) return html;
  const meta = `<meta http-equiv="Content-Security-Policy" content="${codeLabPolicy(inlineScriptHashes(html))}">`;
  // First in <head>, so the policy is in force before any script or worker is parsed (after the charset, which
  // must come within the first 1024 bytes).
  const charset = /<meta charset=["']?utf-8["']?\s*\/?>/i.exec(html);
  if (charset)
    return html.slice(0, charset.index + charset[0].length) + meta + html.slice(charset.index + charset[0].length);
  return html.replace(/<head[^>]*>/i, (head) => `${head}${meta}`);
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => join(e.parentPath, e.name));
}

/** The Astro integration: after the build, adds the policy to every page with a code lab. */
export function codeLabCsp(): AstroIntegration {
  return {
    name: 'mcp-message-lab:code-lab-csp',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        let count = 0;
        for (const file of await htmlFiles(fileURLToPath(dir))) {
          const html = await readFile(file, 'utf8');
          const next = withCodeLabPolicy(html);
          if (next !== html) {
            await writeFile(file, next);
            count++;
          }
        }
        logger.info(`Content-Security-Policy added to ${count} page(s) with a code lab.`);
      },
    },
  };
}
