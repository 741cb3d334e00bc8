/**
 * The SCORM packages of the static course: `npm run build:scorm` reads the built site (dist/) and writes a SCORM 1.2
 * and a SCORM 2004 4th edition zip, each an imsmanifest.xml plus a copy of the site whose addresses are made
 * relative, because an LMS serves a package below a path of its own (Moodle:
 * /pluginfile.php/<context>/mod_scorm/content/<revision>/…), where a root address such as /_astro/x.js leads
 * nowhere. One SCO per chapter: each chapter is its own page and its own gradebook entry; see src/lms/README.md.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { strToU8, zipSync, type Zippable } from 'fflate';
// The manifest's text and double-quoted attributes need `&`, `<`, `>` and `"` escaped: the HTML escape's set, all
// four predefined XML entities.
import { escapeHtml as escapeXml } from '../../lib/html.ts';

/** The two packages, by the value their items pass to the page as `?lms=` (src/lms/scorm/find-api.ts reads it). */
export const SCORM_VERSIONS = ['scorm12', 'scorm2004'] as const;
export type ScormVersion = (typeof SCORM_VERSIONS)[number];

/** A chapter as the package lists it: its id (the folder of its page) and its title. */
export interface PackageChapter {
  id: string;
  title: string;
}

/** Files of the built site a learner's package leaves out: build bookkeeping and the workshop server's address. */
const LEFT_OUT = new Set(['vite-manifest.json', 'workshop-server.json', 'sw.js']);

/** Every file of the site folder, as a forward-slash path relative to it, sorted. */
export function siteFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (sub: string) => {
    for (const name of readdirSync(join(dir, sub))) {
      const rel = sub ? `${sub}/${name}` : name;
      if (statSync(join(dir, rel)).isDirectory()) walk(rel);
      else if (!LEFT_OUT.has(rel)) out.push(rel);
    }
  };
  walk('');
  return out.sort();
}

/** The page of a chapter inside the package. */
export const chapterHref = (id: string) => `chapters/${id}/index.html`;

/**
 * A root address ("/chapters/02-x/#h", "/_astro/a.css", "/") as seen from the file `from` (a package path): a relative
 * one, with index.html added where the address names a folder (an LMS's file server seldom serves folder indexes).
 * `isFolder` says whether a path without an extension is a folder of the site.
 */
export function relativeAddress(address: string, from: string, isFolder: (path: string) => boolean): string {
  const [, path = '/', rest = ''] = /^([^?#]*)(.*)$/s.exec(address) ?? [];
  let target = path.slice(1);
  if (target === '' || target.endsWith('/')) target += 'index.html';
  else if (!posix.basename(target).includes('.') && isFolder(target)) target += '/index.html';
  const rel = posix.relative(posix.dirname(from) === '.' ? '' : posix.dirname(from), target);
  return (rel === '' ? posix.basename(target) : rel) + rest;
}

/** An HTML page with every root address in href, src, action and poster made relative to the page. */
export function relativizeHtml(html: string, from: string, isFolder: (path: string) => boolean): string {
  return html.replace(
    /(\s(?:href|src|action|poster)=)(["'])(\/(?!\/)[^"']*)\2/g,
    (_, attr: string, quote: string, address: string) =>
      `${attr}${quote}${relativeAddress(address, from, isFolder)}${quote}`,
  );
}

/** What relativizeJs changed, per rule, so the build can say so and fail when the bundler's output changed shape. */
export interface JsRewrites {
  preloadBase: number;
  assetUrls: number;
  baseUrl: number;
  pageUrls: number;
}

/**
 * A built module (in _astro/) with its root addresses resolved against the module's own URL instead of the origin:
 * the bundler's preload helper (`function(e){return"/"+e}`), worker and runner files (`"/_astro/x.js"`), the site's
 * base (`"/".replace(/\/?$/,"/")`, import.meta.env.BASE_URL) and links to chapter and progress pages.
 */
export function relativizeJs(code: string, counts: JsRewrites): string {
  const root = 'new URL(`../`,import.meta.url).href';
  return code
    .replace(/function\((\w+)\)\{return`\/`\+\1\}/g, (_, e: string) => {
      counts.preloadBase++;
      return `function(${e}){return ${root}+${e}}`;
    })
    .replace(/`\/_astro\/([^`$]+)`/g, (_, name: string) => {
      counts.assetUrls++;
      return `new URL(\`${name}\`,import.meta.url).href`;
    })
    .replace(/`\/`\.replace\(\/\\\/\?\$\/,`\/`\)/g, () => {
      counts.baseUrl++;
      return `${root}.replace(/\\/?$/,\`/\`)`;
    })
    .replace(/`\/(chapters|progress)\//g, (_, page: string) => {
      counts.pageUrls++;
      return `\`\${${root}}${page}/`;
    });
}

/** The SCORM 1.2 manifest (IMS Content Packaging 1.1.2 with ADL's adlcp extension). */
export function manifest12(chapters: readonly PackageChapter[], files: readonly string[], version: string): string {
  const items = chapters
    .map(
      (c) =>
        `      <item identifier="item-${c.id}" identifierref="sco-${c.id}" parameters="?lms=scorm12">\n` +
        `        <title>${escapeXml(c.title)}</title>\n      </item>`,
    )
    .join('\n');
  const resources = chapters
    .map(
      (c) =>
        `    <resource identifier="sco-${c.id}" type="webcontent" adlcp:scormtype="sco" href="${chapterHref(c.id)}">\n` +
        `      <file href="${chapterHref(c.id)}"/>\n      <dependency identifierref="site"/>\n    </resource>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="mcp-message-lab-scorm12" version="${escapeXml(version)}"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="mcp-message-lab">
    <organization identifier="mcp-message-lab">
      <title>MCP Message Lab</title>
${items}
    </organization>
  </organizations>
  <resources>
${resources}
    <resource identifier="site" type="webcontent" adlcp:scormtype="asset">
${files.map((f) => `      <file href="${escapeXml(f)}"/>`).join('\n')}
    </resource>
  </resources>
</manifest>
`;
}

/**
 * The SCORM 2004 4th edition manifest. Each chapter's page reports its own completion and success
 * (completionSetByContent, objectiveSetByContent), so the LMS does not mark a chapter complete merely for being
 * opened; the learner may open the chapters in any order (choice) or one after another (flow).
 */
export function manifest2004(chapters: readonly PackageChapter[], files: readonly string[], version: string): string {
  const items = chapters
    .map(
      (c) =>
        `      <item identifier="item-${c.id}" identifierref="sco-${c.id}" parameters="?lms=scorm2004">\n` +
        `        <title>${escapeXml(c.title)}</title>\n` +
        `        <imsss:sequencing>\n          <imsss:deliveryControls completionSetByContent="true" objectiveSetByContent="true"/>\n        </imsss:sequencing>\n` +
        `      </item>`,
    )
    .join('\n');
  const resources = chapters
    .map(
      (c) =>
        `    <resource identifier="sco-${c.id}" type="webcontent" adlcp:scormType="sco" href="${chapterHref(c.id)}">\n` +
        `      <file href="${chapterHref(c.id)}"/>\n      <dependency identifierref="site"/>\n    </resource>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="mcp-message-lab-scorm2004" version="${escapeXml(version)}"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
  xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>2004 4th Edition</schemaversion>
  </metadata>
  <organizations default="mcp-message-lab">
    <organization identifier="mcp-message-lab">
      <title>MCP Message Lab</title>
${items}
      <imsss:sequencing>
        <imsss:controlMode choice="true" flow="true"/>
      </imsss:sequencing>
    </organization>
  </organizations>
  <resources>
${resources}
    <resource identifier="site" type="webcontent" adlcp:scormType="asset">
${files.map((f) => `      <file href="${escapeXml(f)}"/>`).join('\n')}
    </resource>
  </resources>
</manifest>
`;
}

/** The built site's chapters in course order, from the progress manifest the build writes. */
export function readPackageChapters(dist: string): PackageChapter[] {
  const file = join(dist, 'progress', 'manifest.json');
  if (!existsSync(file))
    throw new Error(`${file} is missing: build the site first (npm run build), then npm run build:scorm.`);
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { chapters?: { chapter: string; title: string }[] };
  const chapters = (parsed.chapters ?? []).map((c) => ({ id: c.chapter, title: c.title }));
  if (chapters.length === 0) throw new Error(`${file} lists no chapters.`);
  for (const c of chapters)
    if (!existsSync(join(dist, chapterHref(c.id))))
      throw new Error(`${file} lists ${c.id}, but the build has no ${chapterHref(c.id)}.`);
  return chapters;
}

/** Files stored without compression: they are compressed already. */
const STORED = /\.(png|jpe?g|gif|webp|woff2?|zip|gz|br|pf_[a-z]+)$/i;

/** One package as zip bytes, and what the rewrite changed. */
export function buildScormPackage(
  dist: string,
  version: ScormVersion,
  courseVersion: string,
): { zip: Uint8Array; files: number; rewrites: JsRewrites } {
  const chapters = readPackageChapters(dist);
  const files = siteFiles(dist);
  const isFolder = (path: string) => existsSync(join(dist, path)) && statSync(join(dist, path)).isDirectory();
  const rewrites: JsRewrites = { preloadBase: 0, assetUrls: 0, baseUrl: 0, pageUrls: 0 };
  const entries: Zippable = {};
  for (const file of files) {
    const bytes = readFileSync(join(dist, ...file.split('/')));
    if (file.endsWith('.html')) entries[file] = strToU8(relativizeHtml(bytes.toString('utf8'), file, isFolder));
    else if (file.startsWith('_astro/') && file.endsWith('.js'))
      entries[file] = strToU8(relativizeJs(bytes.toString('utf8'), rewrites));
    else entries[file] = [bytes, { level: STORED.test(file) ? 0 : 6 }];
  }
  if (rewrites.preloadBase !== 1)
    throw new Error(
      `The bundler's preload helper was found ${rewrites.preloadBase} times in dist/_astro (expected once): its output changed shape; update relativizeJs in src/lms/scorm/package.ts.`,
    );
  const manifest =
    version === 'scorm12' ? manifest12(chapters, files, courseVersion) : manifest2004(chapters, files, courseVersion);
  entries['imsmanifest.xml'] = strToU8(manifest);
  return {
    zip: zipSync(entries, { level: 6, mtime: new Date('2026-01-01T00:00:00Z') }),
    files: files.length,
    rewrites,
  };
}
