/**
 * An Astro integration that builds the service worker: after the site is built, src/service-worker/sw.ts is bundled
 * into dist/sw.js (one classic script, as `navigator.serviceWorker.register('/sw.js')` expects) with this build's
 * hashed assets written in, so the worker can tell them from the files earlier builds left in its cache.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'vite';
import { ASSET_PREFIX, type BuildAssets } from '../service-worker/assets.ts';
import { ClientManifest } from './client-manifest.ts';

const SOURCE = fileURLToPath(new URL('../service-worker/sw.ts', import.meta.url));

/**
 * This build's assets: every file under dist/_astro/, and for each script what it loads with it (its static
 * imports and its styles, from Vite's manifest).
 */
export function buildAssets(dist: string): BuildAssets {
  const files = readdirSync(`${dist}/${ASSET_PREFIX.slice(1)}`)
    .map((name) => `${ASSET_PREFIX}${name}`)
    .sort();
  const manifest = new ClientManifest(dist);
  const loads: Record<string, string[]> = {};
  for (const chunk of manifest.chunks.values()) {
    const loaded = [...(chunk.imports ?? []).map((key) => manifest.fileOf(key)), ...(chunk.css ?? [])].map(
      (file) => `/${file}`,
    );
    if (loaded.length > 0) loads[`/${chunk.file}`] = loaded.sort();
  }
  return { files, loads };
}

/** The integration; add it to `integrations` in astro.config.mjs. */
export function serviceWorker(): AstroIntegration {
  return {
    name: 'mcp-lab:service-worker',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const dist = fileURLToPath(dir);
        const assets = buildAssets(dist);
        await build({
          configFile: false,
          logLevel: 'warn',
          define: { __BUILD_ASSETS__: JSON.stringify(assets) },
          build: {
            outDir: dist,
            emptyOutDir: false,
            copyPublicDir: false,
            minify: true,
            target: 'es2022',
            lib: { entry: SOURCE, formats: ['iife'], name: 'mcpLabServiceWorker', fileName: () => 'sw.js' },
          },
        });
        logger.info(`sw.js written; it knows ${assets.files.length} hashed assets of this build`);
      },
    },
  };
}
