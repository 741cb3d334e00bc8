/**
 * The site's Content-Security-Policy builder (src/build/csp.ts): what it hashes, what it leaves out, and where the
 * meta tag goes. The whole build is checked page by page in test/e2e/csp.spec.ts.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, inlineStyleHashes, sitePolicy, withSitePolicy } from '../../../src/build/csp.ts';

const sha = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
const page = (body: string, head = '') =>
  `<!doctype html><html><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;

describe('inlineScriptHashes', () => {
  it('hashes classic and module inline scripts exactly as written', () => {
    const html = page('<script>a()</script><script type="module">b()</script>');
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('b()')].sort());
  });

  it('skips external scripts and data blocks, which the policy does not need to hash', () => {
    const html = page(
      '<script type="module" src="/x.js"></script><script type="application/json">{"a":1}</script><script type="application/ld+json">{}</script>',
    );
    expect(inlineScriptHashes(html)).toEqual([]);
  });

  it('lists a script that appears twice once', () => {
    expect(inlineScriptHashes(page('<script>a()</script><script>a()</script>'))).toHaveLength(1);
  });
});

describe('inlineStyleHashes', () => {
  it('hashes each inline style element once', () => {
    expect(inlineStyleHashes(page('<style>a{}</style><style data-x>b{}</style><style>a{}</style>'))).toEqual(
      [sha('a{}'), sha('b{}')].sort(),
    );
  });
});

describe('sitePolicy', () => {
  const policy = sitePolicy({ scriptHashes: ['sha256-abc='], styleHashes: ['sha256-def='] });

  it('allows scripts only from the site and the listed hashes: no unsafe-inline, no eval', () => {
    expect(policy).toContain("script-src 'self' 'sha256-abc='");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    expect(policy).not.toContain('unsafe-eval');
  });

  it('hashes style elements, forbids plugins and <base>, keeps everything else on the site', () => {
    expect(policy).toContain("style-src-elem 'self' 'sha256-def='");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("connect-src 'self'");
  });

  it("allows WebAssembly only where asked, and then only 'wasm-unsafe-eval'", () => {
    expect(policy).not.toContain('wasm');
    const wasm = sitePolicy({ scriptHashes: [], styleHashes: [], wasm: true });
    expect(wasm).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(wasm).not.toContain("'unsafe-eval'");
  });
});

describe('withSitePolicy', () => {
  it('adds the policy right after the charset, with the page’s own hashes', () => {
    const out = withSitePolicy(page('<script>a()</script>', '<style>p{}</style>'));
    expect(out).toMatch(
      /^<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'sha256-/,
    );
    expect(out).toContain(sha('a()'));
    expect(out).toContain(sha('p{}'));
  });

  it('lets a page with a code lab write style elements at run time (CodeMirror), and hashes none there', () => {
    const out = withSitePolicy(page('<lab-code-lab data-code-lab></lab-code-lab>', '<style>p{}</style>'));
    expect(out).toContain("style-src-elem 'self' 'unsafe-inline';");
    expect(out).toMatch(/script-src 'self'[^;]*;/);
    expect(out).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('gives a page with no head or charset (a redirect page) the policy before anything else', () => {
    const redirect =
      '<!doctype html><title>Redirecting to: /a/</title><meta http-equiv="refresh" content="0;url=/a/"><body></body>';
    const out = withSitePolicy(redirect);
    expect(out).toMatch(/^<!doctype html><meta http-equiv="Content-Security-Policy" content="default-src 'self';/);
    expect(
      out.endsWith('<title>Redirecting to: /a/</title><meta http-equiv="refresh" content="0;url=/a/"><body></body>'),
    ).toBe(true);
  });

  it('gives a page marked data-csp-wasm WebAssembly', () => {
    expect(withSitePolicy(page('<div data-csp-wasm></div>'))).toContain("'wasm-unsafe-eval'");
  });

  it('leaves a page with a policy of its own alone, and never adds a second one', () => {
    const own = page('', `<meta http-equiv="Content-Security-Policy" content="default-src 'none'">`);
    expect(withSitePolicy(own)).toBe(own);
    const once = withSitePolicy(page('<p>x</p>'));
    expect(withSitePolicy(once)).toBe(once);
  });
});
