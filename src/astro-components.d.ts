/**
 * Lets plain `tsc` type-check .ts files that import .astro components (src/components/mdx.ts, the chapter route's
 * helpers). `astro check` resolves .astro files itself and never falls back to this wildcard declaration.
 */
declare module '*.astro' {
  import type { AstroComponentFactory } from 'astro/runtime/server/index.js';
  const Component: AstroComponentFactory;
  export default Component;
}
