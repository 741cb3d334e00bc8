/**
 * Structured data for search engines: a TechArticle per chapter and an FAQPage for the FAQ, built from the chapter's
 * frontmatter and source. Plain objects; the page serialises them into <script type="application/ld+json">.
 */
import { outlineChapter } from '../anatomy/anatomy.ts';

/** The chapter frontmatter fields the structured data needs. */
export interface ChapterMeta {
  title: string;
  summary: string;
  protocol: string;
  checkedAgainstSpec: Date;
  readingMinutes: number;
  practiceMinutes: number;
  objectives: string[];
}

/** A TechArticle for one lesson. */
export function chapterJsonLd(data: ChapterMeta, url: string, siteUrl: string): Record<string, unknown> {
  const version = data.protocol === 'jsonrpc-2.0' ? 'JSON-RPC 2.0' : `MCP ${data.protocol}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'TechArticle',
    headline: data.title,
    description: data.summary,
    url,
    mainEntityOfPage: url,
    inLanguage: 'en',
    dateModified: data.checkedAgainstSpec.toISOString().slice(0, 10),
    timeRequired: `PT${data.readingMinutes + data.practiceMinutes}M`,
    proficiencyLevel: 'Beginner',
    about: [`Model Context Protocol (${version})`, 'JSON-RPC 2.0'],
    teaches: data.objectives,
    isPartOf: { '@type': 'WebSite', name: 'MCP Message Lab', url: siteUrl },
  };
}

/** Markdown and MDX source turned into plain text: tags, links, emphasis and code marks dropped. */
export function plainText(source: string): string {
  return source
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/\{\/\*[\s\S]*?\*\/\}/g, ' ')
    .replace(/<\/?[A-Za-z][^>]*>/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]+/g, '')
    .replace(/^\s*[-+>|]\s?/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The FAQ's questions and answers: every ## or ### heading that ends in "?" is a question, and the text up to the
 * next heading is its answer. `<InterviewQuestion question="…?">answer</InterviewQuestion>` counts too.
 */
export function faqEntries(body: string): { question: string; answer: string }[] {
  const lines = body.split(/\r?\n/);
  const headingLines = outlineChapter(body).filter((i) => i.kind === 'heading');
  const entries: { question: string; answer: string }[] = [];
  headingLines.forEach((h, index) => {
    if (h.kind !== 'heading' || h.depth < 2 || h.depth > 3) return;
    const question = plainText(h.text);
    if (!question.endsWith('?')) return;
    const end = headingLines[index + 1]?.line ?? lines.length + 1;
    const answer = plainText(lines.slice(h.line, end - 1).join('\n'));
    if (answer) entries.push({ question, answer });
  });
  for (const m of body.matchAll(
    /<InterviewQuestion\s+question=(?:"([^"]*)"|'([^']*)')\s*>([\s\S]*?)<\/InterviewQuestion>/g,
  )) {
    const question = plainText(m[1] ?? m[2] ?? '');
    const answer = plainText(m[3] ?? '');
    if (question && answer) entries.push({ question, answer });
  }
  return entries;
}

/** An FAQPage for the FAQ chapter. */
export function faqJsonLd(body: string, url: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    url,
    inLanguage: 'en',
    mainEntity: faqEntries(body).map((e) => ({
      '@type': 'Question',
      name: e.question,
      acceptedAnswer: { '@type': 'Answer', text: e.answer },
    })),
  };
}
