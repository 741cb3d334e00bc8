/**
 * The Astro integration that gives the type-check worker its data: a Vite virtual module, `virtual:code-lab-types`,
 * whose default export is the LabTypes of exercises/support/lab-types.ts (library declarations, the model's, the
 * course's and the exercises'). Built once per build (or dev server start) from the working tree, through the same
 * cache `npm run exercise` uses.
 */
import type { AstroIntegration } from 'astro';
import { slimSucrase } from '../worker/slim-sucrase.ts';

const ID = 'virtual:code-lab-types';
const RESOLVED = `\0${ID}`;

/** Adds the virtual module to Vite. */
export function codeLabTypes(): AstroIntegration {
  return {
    name: 'mcp-message-lab:code-lab-types',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        const plugin = {
          name: 'mcp-message-lab:code-lab-types',
          resolveId: (id: string) => (id === ID ? RESOLVED : undefined),
          // Imported when a worker first asks for the module, so loading the Astro config needs no exercises/ folder.
          // JSON.parse of a string starts faster than an object literal of the same size (about 1 MB here).
          async load(id: string) {
            if (id !== RESOLVED) return undefined;
            const { loadLabTypes } = await import('../../../../exercises/support/lab-types.ts');
            return `export default JSON.parse(${JSON.stringify(JSON.stringify(loadLabTypes()))});`;
          },
        };
        // The module is imported by a worker, and Vite bundles workers with their own plugin list; the runner
        // worker also gets sucrase without the transforms it never uses (worker/slim-sucrase.ts).
        updateConfig({ vite: { plugins: [plugin], worker: { plugins: () => [plugin, slimSucrase()] } } });
      },
    },
  };
}
