/**
 * A Vite plugin that makes Astro's client build write Vite's build manifest to dist/vite-manifest.json: for each
 * script, its chunk file and the chunks it imports statically and dynamically. The size budgets (test/budgets/) read
 * it instead of parsing built code.
 *
 * A plugin because Astro sets the client build's options itself; `configEnvironment` is how Vite lets a plugin adjust
 * one environment. Not at Vite's default `.vite/manifest.json`: Astro deletes that folder after each build step.
 */
import type { Plugin } from 'vite';

/** Where the client build's manifest is written, relative to dist/. */
export const CLIENT_MANIFEST = 'vite-manifest.json';

/** The plugin; add it to `vite.plugins` in astro.config.mjs. */
export function clientBuildManifest(): Plugin {
  return {
    name: 'mcp-lab:client-build-manifest',
    configEnvironment(name) {
      if (name === 'client') return { build: { manifest: CLIENT_MANIFEST } };
    },
  };
}
