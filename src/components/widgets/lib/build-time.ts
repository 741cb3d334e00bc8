/**
 * Build-time helpers for the widget components: fixture and check lookups that fail the build with a message
 * naming the bad id, and shiki highlighting. Runs only in Astro's server context, never in the browser.
 */
import { getCollection, getEntry } from 'astro:content';
import { codeToHtml } from 'shiki';
import { PROTOCOLS, isProtocol, readJsonToken, type Protocol } from '#message-model';
import { CompletionCheckSchema, type CompletionCheck } from '#course';
import type { Fixture } from '../../../course/fixtures.ts';

/** Looks a fixture up in the `fixtures` collection; an unknown id fails the build and lists the known ids. */
export async function requireFixture(id: string, component: string): Promise<Fixture> {
  const entry = await getEntry('fixtures', id);
  if (!entry) {
    const known = (await getCollection('fixtures')).map((e) => e.id).sort();
    throw new Error(
      `<${component} fixture="${id}" />: no fixture with id "${id}" in content/fixtures/. Known fixtures: ${known.join(', ')}.`,
    );
  }
  return entry.data as Fixture;
}

/** Checks a protocol prop; a wrong value fails the build and lists the allowed ones. */
export function requireProtocol(value: string, component: string, allowed: readonly string[] = PROTOCOLS): Protocol {
  if (!isProtocol(value) || !allowed.includes(value)) {
    throw new Error(`<${component} protocol="${value}" />: the protocol must be one of ${allowed.join(', ')}.`);
  }
  return value;
}

/** Picks the protocol a fixture is shown under: the one asked for (checked), else 2026-07-28 if it has it, else its first. */
export function fixtureProtocol(fixture: Fixture, requested: string | undefined, component: string): Protocol {
  if (requested !== undefined)
    return requireProtocol(requested, `${component} fixture="${fixture.id}"`, fixture.protocols);
  return (fixture.protocols.includes('2026-07-28') ? '2026-07-28' : fixture.protocols[0]) as Protocol;
}

/** Highlights JSON (or broken JSON) with shiki at build time, in the site's light and dark themes. */
export async function highlightJson(text: string): Promise<string> {
  return codeToHtml(text, {
    lang: 'json',
    themes: { light: 'github-light', dark: 'github-dark' },
    defaultColor: false,
  });
}

/**
 * Lays out JSON text one member per line for reading, changing only the whitespace between tokens (which JSON
 * ignores), so duplicate names, number spellings and escapes stay exactly as written. Text that already spans
 * several lines is returned unchanged; so is text that is not JSON, so a parse error still points at the raw bytes.
 */
export function layoutJson(text: string, parses: boolean): string {
  if (!parses || text.includes('\n')) return text;
  let out = '';
  let depth = 0;
  const pad = () => '\n' + '  '.repeat(depth);
  for (let t = readJsonToken(text, 0); t; t = readJsonToken(text, t.end)) {
    if (t.kind === '{' || t.kind === '[') {
      const next = readJsonToken(text, t.end);
      if (next?.kind === (t.kind === '{' ? '}' : ']')) {
        out += t.kind + next.kind;
        t = next;
      } else {
        depth += 1;
        out += t.kind + pad();
      }
    } else if (t.kind === '}' || t.kind === ']') {
      depth -= 1;
      out += pad() + t.kind;
    } else if (t.kind === ',') out += ',' + pad();
    else if (t.kind === ':') out += ': ';
    else out += text.slice(t.start, t.end);
  }
  return out;
}

const CHECK_FILES = import.meta.glob<unknown>('/content/checks/*.json', { eager: true, import: 'default' });

/** Reads and validates content/checks/<chapter>.json; a missing or invalid file fails the build naming file and field. */
export function requireCheck(chapter: string): CompletionCheck {
  const file = `/content/checks/${chapter}.json`;
  if (!(file in CHECK_FILES)) {
    const known = Object.keys(CHECK_FILES)
      .map((f) => f.replace(/^.*\/|\.json$/g, ''))
      .sort();
    throw new Error(
      `<CompletionCheck chapter="${chapter}" />: content/checks/${chapter}.json does not exist. Existing checks: ${known.join(', ') || 'none'}. See src/course/completion-check.ts for the format.`,
    );
  }
  const parsed = CompletionCheckSchema.safeParse(CHECK_FILES[file]);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new Error(`content/checks/${chapter}.json is not a valid completion check: ${problems}`);
  }
  if (parsed.data.chapter !== chapter) {
    throw new Error(
      `content/checks/${chapter}.json: "chapter" is "${parsed.data.chapter}" but the file is named for "${chapter}".`,
    );
  }
  return parsed.data;
}

/** A stable, HTML-id-safe slug for widget element ids. */
export function domId(...parts: string[]): string {
  return parts
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-');
}
