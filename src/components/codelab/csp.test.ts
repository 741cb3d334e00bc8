import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { codeLabPolicy, inlineScriptHashes, withCodeLabPolicy } from './csp.ts';

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

describe('codeLabPolicy', () => {
  it('allows scripts only from the site and the listed hashes, and frames and workers only from the site', () => {
    const policy = codeLabPolicy(['sha256-abc=']);
    expect(policy).toContain("script-src 'self' 'sha256-abc='");
    expect(policy).toContain("frame-src 'self'");
    expect(policy).toContain("worker-src 'self'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
  });

  it('never allows eval in a page: only the sandbox frame may', () => {
    expect(codeLabPolicy([])).not.toContain('unsafe-eval');
  });
});

describe('withCodeLabPolicy', () => {
  const lab = '<lab-code-lab data-code-lab></lab-code-lab>';

  it('adds the policy right after the charset on a page with a code lab', () => {
    const out = withCodeLabPolicy(page(`${lab}<script>a()</script>`));
    expect(out).toMatch(
      /<meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'sha256-/,
    );
    expect(out).toContain(sha('a()'));
  });

  it('leaves a page without a code lab alone', () => {
    const html = page('<p>no lab</p><script>a()</script>');
    expect(withCodeLabPolicy(html)).toBe(html);
  });

  it('does not add a second policy', () => {
    const once = withCodeLabPolicy(page(lab));
    expect(withCodeLabPolicy(once)).toBe(once);
  });
});
