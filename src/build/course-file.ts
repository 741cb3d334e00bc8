/**
 * An Astro integration that builds the course file once per build (src/course/build-course.ts): pages that need the
 * course at build time import it as `virtual:mcp-lab/course` (the roster page), and after the site is built it is
 * written to dist/course.json, where `mcp-lab grade` and the workshop server read it.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { buildCourse } from '../course/build-course.ts';
import type { CourseFile } from '../course/course-file.ts';

const MODULE = 'virtual:mcp-lab/course';
const RESOLVED = `\0${MODULE}`;

/** The integration; add it to `integrations` in astro.config.mjs. */
export function courseFile(): AstroIntegration {
  let built: CourseFile | undefined;
  // In `astro dev` the course is built again whenever the module is loaded, so edited content shows on reload.
  let dev = false;
  const course = () => (dev ? buildCourse() : (built ??= buildCourse()));
  return {
    name: 'mcp-lab:course-file',
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        dev = command === 'dev';
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'mcp-lab:course-module',
                resolveId: (id: string) => (id === MODULE ? RESOLVED : undefined),
                load: (id: string) => (id === RESOLVED ? `export default ${JSON.stringify(course())};` : undefined),
              },
            ],
          },
        });
      },
      'astro:build:done': ({ dir, logger }) => {
        writeFileSync(fileURLToPath(new URL('course.json', dir)), `${JSON.stringify(course())}\n`);
        logger.info('wrote course.json');
      },
    },
  };
}
