// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import sitemap from '@astrojs/sitemap';
import { codeLabCsp } from './src/components/codelab/csp.ts';
import { codeLabTypes } from './src/components/codelab/types/integration.ts';
import { clientBuildManifest } from './src/build/client-manifest.ts';
import { serviceWorker } from './src/build/service-worker.ts';

// The public address the sitemap and canonical links are built from. Override with SITE_URL when deploying elsewhere.
const site = process.env.SITE_URL ?? 'https://mcp-message-lab.example.org';

export default defineConfig({
  site,
  trailingSlash: 'always',
  // Instructor pages are noindex (BaseLayout), so they stay out of the sitemap too.
  integrations: [
    mdx(),
    sitemap({ filter: (page) => !new URL(page).pathname.startsWith('/instructor/') }),
    codeLabCsp(),
    codeLabTypes(),
    serviceWorker(),
  ],
  markdown: {
    shikiConfig: {
      themes: { light: 'github-light', dark: 'github-dark' },
      defaultColor: false,
    },
  },
  server: { port: 4321 },
  // The client build's chunk graph, for the size budgets.
  vite: { plugins: [clientBuildManifest()] },
});
