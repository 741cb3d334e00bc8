// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import { satteri } from '@astrojs/markdown-satteri';
import sitemap from '@astrojs/sitemap';
import { clientBuildManifest } from './src/build/client-manifest.ts';
import { courseFile } from './src/build/course-file.ts';
import { SECURITY_HEADERS, siteCsp } from './src/build/csp.ts';
import { serviceWorker } from './src/build/service-worker.ts';
import { codeLabTypes } from './src/components/codelab/types/integration.ts';
import { chapterStructurePlugin, MARKDOWN_FEATURES } from './src/course/read-chapter-structure.ts';
import course from './content/course.json' with { type: 'json' };

// The public address the sitemap and canonical links are built from. Override with SITE_URL when deploying elsewhere.
const site = process.env.SITE_URL ?? 'https://mcp-message-lab.example.org';

export default defineConfig({
  site,
  trailingSlash: 'always',
  // Whitespace is compressed losslessly. Astro 7's default ('jsx') applies JSX's rules and drops the line break
  // between a word and an element on the next line, so "at\n<code>localhost</code>" was built as "atlocalhost";
  // `true` keeps one space wherever the source had whitespace (test/e2e/inline-spacing.spec.ts).
  compressHTML: true,
  // A renamed chapter's old address (content/course.json `renamed`) redirects to its page and its facilitator notes;
  // a static build writes a redirect page for each.
  redirects: Object.fromEntries(
    Object.entries(course.renamed).flatMap(([old, now]) => [
      [`/chapters/${old}/`, `/chapters/${now}/`],
      [`/instructor/notes/${old}/`, `/instructor/notes/${now}/`],
    ]),
  ),
  // Instructor pages are noindex (BaseLayout), so they stay out of the sitemap too.
  integrations: [
    mdx(),
    sitemap({ filter: (page) => !new URL(page).pathname.startsWith('/instructor/') }),
    siteCsp(),
    codeLabTypes(),
    courseFile(),
    serviceWorker(),
  ],
  markdown: {
    // Astro's default processor (Sätteri) with its default features made explicit (the Node reader parses with the
    // same), plus the one reader of a chapter's structure: it stores what each chapter uses in the entry's
    // remarkPluginFrontmatter, which the pages read (src/components/anatomy/entry-structure.ts).
    processor: satteri({ features: MARKDOWN_FEATURES, mdastPlugins: [chapterStructurePlugin] }),
    shikiConfig: {
      themes: { light: 'github-light', dark: 'github-dark' },
      defaultColor: false,
    },
  },
  // The default port (the npm scripts pass none, so `npm run preview -- --port N` overrides it), and headers a meta
  // tag cannot set (frame-ancestors, nosniff), sent by `astro dev` and `astro preview` alike.
  server: { port: 4321, headers: SECURITY_HEADERS },
  // The client build's chunk graph, for the size budgets.
  vite: { plugins: [clientBuildManifest()] },
});
