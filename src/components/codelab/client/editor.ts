/**
 * The code lab's editor: CodeMirror 6 with TypeScript highlighting, loaded by a dynamic import only when a lab
 * scrolls into view. Ctrl/Cmd-Enter runs; Tab indents, and Escape leaves the editor (focus moves to the Run
 * button), so the editor never traps keyboard focus.
 *
 * Highlighting uses CodeMirror's TypeScript stream mode (@codemirror/legacy-modes) rather than the lezer grammar of
 * @codemirror/lang-javascript: it colours the same tokens for exercise-sized files at a fraction of the download,
 * which keeps the whole lab within its budget (`npm run budgets` prints the lab's bytes against it).
 *
 * Problems (type and syntax errors) are marked with a wavy underline whose hover text is the message, by a small
 * decoration field here rather than @codemirror/lint: the lint package pulls @codemirror/view's tooltip and panel
 * code into this chunk, more than the lab's budget has left. The list under the editor carries the
 * same messages for keyboard and screen-reader users.
 */
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, indentOnInput, StreamLanguage, syntaxHighlighting } from '@codemirror/language';
import { typescript } from '@codemirror/legacy-modes/mode/javascript';
import { EditorState, StateEffect, StateField, type Extension } from '@codemirror/state';
import {
  Decoration,
  type DecorationSet,
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { classHighlighter, tags } from '@lezer/highlight';

/** What the code lab needs from an editor. */
export interface LabEditor {
  getCode(): string;
  /** Replaces the whole text as one undoable change. */
  setCode(code: string): void;
  /** Puts the cursor at a 1-based line and column and scrolls it into view. */
  goTo(line: number, column: number): void;
  focus(): void;
  /** Marks problems in the text (wavy underline, hover text), replacing the ones shown before. */
  showDiagnostics(diagnostics: readonly EditorDiagnostic[]): void;
  destroy(): void;
}

/** A problem to mark, 1-based as an editor shows it. */
export interface EditorDiagnostic {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  message: string;
  severity: 'error' | 'warning';
  /** Shown before the message in the hover text ("TS2322", "syntax"). */
  source?: string;
}

/** Options for createEditor. */
export interface EditorOptions {
  parent: HTMLElement;
  code: string;
  /** The accessible name of the editing area. */
  label: string;
  /** The id of the element that lists the keyboard shortcuts. */
  describedBy: string;
  onRun(): void;
  onEscape(): void;
  onChange(code: string): void;
}

/** Replaces the marked problems. */
const setMarks = StateEffect.define<DecorationSet>();

/** The marked problems; they move with the text as it is edited. */
const marks = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(value, tr) {
    let next = value.map(tr.changes);
    for (const effect of tr.effects) if (effect.is(setMarks)) next = effect.value;
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

/** Creates the editor in `parent`. */
export function createEditor(options: EditorOptions): LabEditor {
  const extensions: Extension[] = [
    lineNumbers(),
    highlightActiveLineGutter(),
    history(),
    drawSelection(),
    indentOnInput(),
    bracketMatching(),
    highlightActiveLine(),
    // The stream mode names property tokens "property", which is not a lezer tag: map it to propertyName.
    StreamLanguage.define({ ...typescript, tokenTable: { property: tags.propertyName } }),
    syntaxHighlighting(classHighlighter),
    marks,
    EditorState.tabSize.of(2),
    // Wrapped lines and a height that follows the content keep the editor from becoming a scroll region of its own:
    // the page scrolls, nothing is hidden at 320 px, and there is no scroll box a keyboard user would have to reach.
    EditorView.lineWrapping,
    keymap.of([
      { key: 'Mod-Enter', run: () => (options.onRun(), true), preventDefault: true },
      { key: 'Escape', run: () => (options.onEscape(), true) },
      ...defaultKeymap,
      ...historyKeymap,
      indentWithTab,
    ]),
    EditorView.contentAttributes.of({
      'aria-label': options.label,
      'aria-describedby': options.describedBy,
      spellcheck: 'false',
      autocapitalize: 'off',
      autocorrect: 'off',
    }),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) options.onChange(update.state.doc.toString());
    }),
  ];
  const view = new EditorView({ parent: options.parent, state: EditorState.create({ doc: options.code, extensions }) });
  return {
    getCode: () => view.state.doc.toString(),
    setCode(code) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: code } });
    },
    goTo(line, column) {
      const doc = view.state.doc;
      const l = doc.line(Math.min(Math.max(1, line), doc.lines));
      const pos = Math.min(l.from + Math.max(0, column - 1), l.to);
      view.dispatch({ selection: { anchor: pos }, effects: EditorView.scrollIntoView(pos, { y: 'center' }) });
      view.focus();
    },
    focus: () => view.focus(),
    showDiagnostics(diagnostics) {
      const doc = view.state.doc;
      const at = (line: number, column: number) => {
        const l = doc.line(Math.min(Math.max(1, line), doc.lines));
        return Math.min(l.from + Math.max(0, column - 1), l.to);
      };
      const ranges = diagnostics.flatMap((d) => {
        let from = at(d.line, d.column);
        let to = Math.max(from, at(d.endLine, d.endColumn));
        // A problem of no width (a missing token) still gets a visible mark: the character after it, or before it.
        if (to === from) {
          if (from < doc.length) to = from + 1;
          else if (from > 0) from -= 1;
          else return [];
        }
        const title = d.source ? `${d.source}: ${d.message}` : d.message;
        return [Decoration.mark({ class: `cl-mark cl-mark-${d.severity}`, attributes: { title } }).range(from, to)];
      });
      view.dispatch({ effects: setMarks.of(Decoration.set(ranges, true)) });
    },
    destroy: () => view.destroy(),
  };
}
