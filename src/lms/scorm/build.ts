/**
 * `npm run build:scorm [DIST] [OUT]`: writes the SCORM 1.2 and SCORM 2004 4th edition packages of the built site
 * (DIST, default dist/; run `npm run build` first) to OUT (default dist-scorm/) and prints their sizes.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildScormPackage, SCORM_VERSIONS, type ScormVersion } from './package.ts';

/** The file name of a package. */
export const packageFile = (version: ScormVersion) => `mcp-message-lab-${version}.zip`;

/** Writes both packages; returns their paths. */
export function writeScormPackages(dist: string, out: string): string[] {
  const root = resolve(import.meta.dirname, '../../..');
  const courseVersion = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
  mkdirSync(out, { recursive: true });
  return SCORM_VERSIONS.map((version) => {
    const { zip, files, rewrites } = buildScormPackage(dist, version, courseVersion);
    const path = join(out, packageFile(version));
    writeFileSync(path, zip);
    console.log(
      `${packageFile(version)}: ${files} files, ${(zip.length / 1024 / 1024).toFixed(1)} MB ` +
        `(addresses made relative: ${rewrites.assetUrls} asset, ${rewrites.pageUrls} page, ${rewrites.baseUrl} base, preload helper)`,
    );
    return path;
  });
}

if (import.meta.main) {
  try {
    writeScormPackages(resolve(process.argv[2] ?? 'dist'), resolve(process.argv[3] ?? 'dist-scorm'));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
