/**
 * The client build's chunk graph: a Vite plugin that makes Astro's client build write Vite's build manifest to
 * dist/vite-manifest.json (for each script, its chunk file and the chunks it imports statically and dynamically), and
 * `ClientManifest`, which reads it. The size budgets (test/budgets/) and the service worker's build step use it
 * instead of parsing built code.
 *
 * A plugin because Astro sets the client build's options itself; `configEnvironment` is how Vite lets a plugin adjust
 * one environment. Not at Vite's default `.vite/manifest.json`: Astro deletes that folder after each build step.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** Where the client build's manifest is written, relative to dist/. */
const CLIENT_MANIFEST = 'vite-manifest.json';

/** The plugin; add it to `vite.plugins` in astro.config.mjs. */
export function clientBuildManifest(): Plugin {
  return {
    name: 'mcp-lab:client-build-manifest',
    configEnvironment(name) {
      if (name === 'client') return { build: { manifest: CLIENT_MANIFEST } };
    },
  };
}

/** One entry of Vite's manifest (the fields used here; see Vite's `ManifestChunk`). */
export interface ManifestChunk {
  /** The emitted file, relative to dist/ (`_astro/x.hash.js`). */
  file: string;
  /** The source module, for entries and dynamic entries. */
  src?: string;
  /** Rolldown's chunk name. */
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  /** Manifest keys of the chunks this one imports statically. */
  imports?: string[];
  /** Manifest keys of the chunks this one imports with `import()`. */
  dynamicImports?: string[];
  /** Files this chunk references by URL, such as `new Worker(new URL(...))` bundles. */
  assets?: string[];
  css?: string[];
}

/** The client chunk graph of one build. */
export class ClientManifest {
  /** The built site's folder. */
  readonly dist: string;
  readonly chunks: ReadonlyMap<string, ManifestChunk>;
  private readonly keyByFile = new Map<string, string>();

  constructor(dist: string) {
    this.dist = dist;
    const path = join(dist, CLIENT_MANIFEST);
    if (!existsSync(path)) {
      throw new Error(
        `No ${CLIENT_MANIFEST} in ${dist}: build with \`npm run build\` (astro.config.mjs makes the client build write it).`,
      );
    }
    this.chunks = new Map(Object.entries(JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>));
    for (const [key, chunk] of this.chunks) this.keyByFile.set(chunk.file, key);
  }

  /** The manifest key of the chunk served at a site path (`/_astro/x.js`), or undefined when no chunk is. */
  keyForUrl(urlPath: string): string | undefined {
    return this.keyByFile.get(urlPath.split('?')[0]!.replace(/^\//, ''));
  }

  /** The chunks given and every chunk they import statically, transitively (what loads with them). */
  staticClosure(keys: Iterable<string>): Set<string> {
    const seen = new Set<string>();
    const queue = [...keys];
    while (queue.length > 0) {
      const key = queue.pop()!;
      if (seen.has(key)) continue;
      const chunk = this.chunks.get(key);
      if (!chunk) throw new Error(`${CLIENT_MANIFEST} names chunk ${key} but has no entry for it`);
      seen.add(key);
      queue.push(...(chunk.imports ?? []));
    }
    return seen;
  }

  /** The dynamic imports of the chunks given, each with its own static closure (what loads on demand). */
  dynamicClosure(keys: Iterable<string>): Set<string> {
    const roots = [...keys].flatMap((key) => this.chunks.get(key)?.dynamicImports ?? []);
    return this.staticClosure(roots);
  }

  /** The JavaScript assets (worker bundles) the chunks given reference, as files relative to dist/. */
  workerFiles(keys: Iterable<string>): Set<string> {
    const files = new Set<string>();
    for (const key of keys)
      for (const asset of this.chunks.get(key)?.assets ?? []) if (asset.endsWith('.js')) files.add(asset);
    return files;
  }

  /** The file of a chunk, relative to dist/. */
  fileOf(key: string): string {
    return this.chunks.get(key)!.file;
  }
}
