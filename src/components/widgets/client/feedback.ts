/**
 * Feedback as the house style asks for it (src/styles/README.md): the verdict, one sentence on why, the name of the
 * misconception linked to the passage that explains it, and the longer explanation only on request. One renderer
 * for every widget; what it says comes from the graders (#course), never from here.
 */
import { h } from '../../../lib/dom.ts';

/** What one piece of feedback says. */
export interface FeedbackView {
  /** good: right; bad: not right; missing: not answered (or not all of it). */
  tone: 'good' | 'bad' | 'missing';
  /** The verdict, a few words ("Right.", "Not right.", "Not answered yet."). */
  verdict: string;
  /** One sentence on why (may be empty when the verdict says it all). */
  why: string;
  /** The misconception behind a wrong answer, with the passage that explains it. */
  misconception?: { name: string; href?: string };
  /** The longer explanation, shown on request. */
  more?: string;
}

/** Verdict words for a grader's verdict. */
export function verdictWord(verdict: string): { tone: FeedbackView['tone']; verdict: string } {
  switch (verdict) {
    case 'correct':
      return { tone: 'good', verdict: 'Right.' };
    case 'unanswered':
      return { tone: 'missing', verdict: 'Not answered yet.' };
    case 'incomplete':
      return { tone: 'missing', verdict: 'Not finished.' };
    case 'self-assessed':
      return { tone: 'good', verdict: 'Recorded.' };
    case 'invalid':
    case 'not-an-option':
      return { tone: 'bad', verdict: 'Cannot be graded.' };
    default:
      return { tone: 'bad', verdict: 'Not right.' };
  }
}

/**
 * The text without a verdict word at its start ("Right.", "Not quite.", "Misconception:"): the widget prints the
 * verdict itself, and a learner must never read "Right. Right." or "Not right. Not quite.".
 */
export function withoutVerdictWord(text: string): string {
  return text.replace(/^\s*(?:right|correct|wrong|incorrect|not right|not quite|misconception)\s*[.:!]\s*/i, '');
}

/** The feedback element: `.feedback` with its tone, the verdict in bold, the why, the misconception, "Why?". */
export function renderFeedback(view: FeedbackView, attrs: Record<string, string> = {}): HTMLElement {
  const first = h('p', {}, h('span', { class: 'feedback-verdict' }, view.verdict), view.why ? ` ${view.why}` : '');
  const parts: HTMLElement[] = [first];
  if (view.misconception) {
    const name = view.misconception.href
      ? h('a', { href: view.misconception.href }, view.misconception.name)
      : h('strong', {}, view.misconception.name);
    parts.push(h('p', {}, 'The belief behind it: ', name, /[.!?]$/.test(view.misconception.name) ? '' : '.'));
  }
  if (view.more) parts.push(h('details', {}, h('summary', {}, 'Why?'), h('p', {}, view.more)));
  return h('div', { ...attrs, class: `feedback feedback-${view.tone}` }, ...parts);
}

/**
 * The learner's one-line explanation beside the model's, then the question to judge them by (the last step of
 * predict, inspect, explain).
 */
export function renderComparison(mine: string, model: string, question: string): HTMLElement[] {
  return [
    h(
      'div',
      { class: 'lab-compare' },
      h('div', {}, h('p', {}, h('strong', {}, 'Yours')), h('p', {}, mine || '(empty: write one line first)')),
      h('div', {}, h('p', {}, h('strong', {}, "The model's")), h('p', {}, model)),
    ),
    h('p', { class: 'lab-small' }, question),
  ];
}
