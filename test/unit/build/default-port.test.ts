/**
 * `npm run preview -- --port 4501` must listen on 4501 (attack review: it stayed on 4321, because the script already
 * passed --port 4321 and astro took that one). The default port lives in astro.config.mjs (server.port), where a
 * `--port` on the command line overrides it; the scripts pass none, and the README's commands still give 4321.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
  .scripts;

it.each(['start', 'dev', 'preview'])(
  'the %s script passes no --port of its own, so one given after -- wins',
  (name) => {
    expect(scripts[name]).toMatch(/^astro (dev|preview)\b/);
    expect(scripts[name]).not.toMatch(/--port\b/);
  },
);

it('astro.config.mjs sets the default port, 4321, which the README names', () => {
  const config = readFileSync(join(ROOT, 'astro.config.mjs'), 'utf8');
  expect(config).toMatch(/server:\s*\{[^}]*\bport:\s*4321\b/);
  expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain('http://localhost:4321');
});
