/**
 * Structured data for search engines: a TechArticle per chapter and an FAQPage for the FAQ, built from the chapter's
 * frontmatter and structure. Plain objects; the page serialises them into <script type="application/ld+json">.
 */
import type { ChapterStructure } from '../../course/chapter-structure.ts';
import { chapterMinutes } from '../../progress/chapters.ts';

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
    timeRequired: `PT${chapterMinutes(data)}M`,
    proficiencyLevel: 'Beginner',
    about: [`Model Context Protocol (${version})`, 'JSON-RPC 2.0'],
    teaches: data.objectives,
    isPartOf: { '@type': 'WebSite', name: 'MCP Message Lab', url: siteUrl },
  };
}

/**
 * The FAQ's questions and answers, from the chapter's structure: every ## or ### heading that ends in "?" is a
 * question, and the text up to the next heading is its answer; then each
 * `<InterviewQuestion question="…?">answer</InterviewQuestion>`.
 */
export function faqEntries(structure: ChapterStructure): { question: string; answer: string }[] {
  return [
    ...structure.questions.filter((q) => q.from === 'heading'),
    ...structure.questions.filter((q) => q.from === 'InterviewQuestion'),
  ].map(({ question, answer }) => ({ question, answer }));
}

/** An FAQPage for the FAQ chapter. */
export function faqJsonLd(structure: ChapterStructure, url: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    url,
    inLanguage: 'en',
    mainEntity: faqEntries(structure).map((e) => ({
      '@type': 'Question',
      name: e.question,
      acceptedAnswer: { '@type': 'Answer', text: e.answer },
    })),
  };
}
