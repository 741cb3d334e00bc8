/**
 * The prediction fields of PredictFields.astro in the browser: read and fill them, reveal the error-code box only
 * when the predicted reply is an error, and say which part of a prediction is missing (GOV.UK's error message
 * pattern: the message above the control, the group marked, focus on the first problem). A prediction is graded
 * only when every part it asks for is answered.
 */

/** What the learner predicted (strings as entered; empty parts absent). */
export interface Prediction {
  kind?: string;
  send?: string;
  code?: string;
}

/** A part of a prediction that is missing or unreadable. */
export interface PredictionProblem {
  part: 'kind' | 'reply' | 'code';
  message: string;
}

const group = (root: ParentNode, part: string) => root.querySelector<HTMLElement>(`[data-part="${part}"]`);

function checked(root: ParentNode, name: string): string | undefined {
  const input = root.querySelector<HTMLInputElement>(`input[type="radio"][name="${CSS.escape(name)}"]:checked`);
  return input?.value || undefined;
}

/** The parts a prediction form asks for. */
export function askedParts(fields: HTMLElement): Array<'kind' | 'reply'> {
  return (fields.dataset.ask ?? 'kind reply')
    .split(' ')
    .filter((p): p is 'kind' | 'reply' => p === 'kind' || p === 'reply');
}

/** Reads the prediction in a PredictFields block. */
export function readPrediction(fields: HTMLElement): Prediction {
  const name = fields.dataset.name ?? '';
  const kind = checked(fields, `${name}.kind`);
  const send = checked(fields, `${name}.send`);
  const code = fields.querySelector<HTMLInputElement>(`input[name="${CSS.escape(`${name}.code`)}"]`)?.value.trim();
  return { ...(kind ? { kind } : {}), ...(send ? { send } : {}), ...(send === 'error' && code ? { code } : {}) };
}

/** Fills the fields from a saved prediction (untrusted: values that are not options are ignored). */
export function writePrediction(fields: HTMLElement, value: unknown): void {
  const name = fields.dataset.name ?? '';
  const p = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  for (const [part, v] of [
    ['kind', p.kind],
    ['send', p.send],
  ] as const) {
    for (const input of fields.querySelectorAll<HTMLInputElement>(
      `input[type="radio"][name="${CSS.escape(`${name}.${part}`)}"]`,
    ))
      input.checked = typeof v === 'string' && input.value === v;
  }
  const code = fields.querySelector<HTMLInputElement>(`input[name="${CSS.escape(`${name}.code`)}"]`);
  if (code) code.value = typeof p.code === 'string' ? p.code.slice(0, 12) : '';
  syncCodeField(fields);
}

/** Shows the error-code box only while the predicted reply is an error. */
function syncCodeField(fields: HTMLElement): void {
  const box = fields.querySelector<HTMLElement>('[data-role="code-field"]');
  if (box) box.hidden = readPrediction(fields).send !== 'error';
}

/** Reveals the code box as the reply changes, and clears a part's error message once it is answered. */
export function wirePrediction(fields: HTMLElement): void {
  syncCodeField(fields);
  fields.addEventListener('change', (event) => {
    syncCodeField(fields);
    const part = (event.target as HTMLElement).closest<HTMLElement>('[data-part]');
    if (part?.dataset.part === 'code') return; // a code is judged again on the next check
    if (part) markPart(part, '');
  });
}

/** What is missing or unreadable in a prediction, in the order the fields appear. */
export function findProblems(p: Prediction, ask: readonly ('kind' | 'reply')[]): PredictionProblem[] {
  const problems: PredictionProblem[] = [];
  if (ask.includes('kind') && !p.kind) problems.push({ part: 'kind', message: 'Choose what kind of message it is.' });
  if (ask.includes('reply')) {
    if (!p.send) problems.push({ part: 'reply', message: 'Choose what the receiver sends back.' });
    else if (p.send === 'error' && !p.code)
      problems.push({ part: 'code', message: 'Enter the error code you expect, or choose another reply.' });
    else if (p.send === 'error' && !/^-?\d{1,9}$/.test(p.code ?? ''))
      problems.push({ part: 'code', message: 'Enter the error code as a whole number, such as -32601.' });
  }
  return problems;
}

function markPart(part: HTMLElement, message: string): void {
  const error = part.querySelector<HTMLElement>(':scope > [data-role="error"]');
  if (error) error.textContent = message ? `Error: ${message}` : '';
  part.classList.toggle('field-error', Boolean(message));
  const input = part.dataset.part === 'code' ? part.querySelector('input') : null;
  if (input) {
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }
}

/** Marks each problem at its field (and clears the others); focuses the first problem's first control. */
export function showProblems(fields: HTMLElement, problems: readonly PredictionProblem[], focus = true): void {
  for (const part of ['kind', 'reply', 'code'] as const) {
    const el = group(fields, part);
    if (el) markPart(el, problems.find((p) => p.part === part)?.message ?? '');
  }
  const first = problems[0] ? group(fields, problems[0].part) : null;
  if (focus) first?.querySelector<HTMLInputElement>('input:checked, input')?.focus();
}

/** The prediction as a completion-check answer ({kind?, reply?}), for gradeCompletionCheck. */
export function toCheckAnswer(p: Prediction): { kind?: string; reply?: { send: string; code?: number } } {
  const reply = p.send
    ? { send: p.send, ...(p.send === 'error' && /^-?\d{1,9}$/.test(p.code ?? '') ? { code: Number(p.code) } : {}) }
    : undefined;
  return { ...(p.kind ? { kind: p.kind } : {}), ...(reply ? { reply } : {}) };
}
