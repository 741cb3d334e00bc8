/**
 * Loads the course data from content/scenarios/ and validates it. JSON imports (with `type: 'json'`) work the same
 * in Node (the CLI, tests, exercises), in Vite's browser build and in Web Workers, so every consumer reads the same
 * validated data. A broken entry throws here, when the module is first imported: at build time for the site and at
 * collection time for the tests, with a message naming the file and the field.
 *
 * To add a scenario to the bank, add an entry to one of the scenario files below; a new file needs one line in
 * SCENARIO_FILES.
 */
import { mcpRef, type SpecRef } from '#message-model';
import labelFile from '../../content/scenarios/labels.json' with { type: 'json' };
import misconceptionFile from '../../content/scenarios/misconceptions.json' with { type: 'json' };
import tableFile from '../../content/scenarios/tables.json' with { type: 'json' };
import timelineFile from '../../content/scenarios/timeline.json' with { type: 'json' };
import streams from '../../content/scenarios/streams.json' with { type: 'json' };
import toolCalls from '../../content/scenarios/tool-calls.json' with { type: 'json' };
import type { z } from 'zod';
import {
  LabelFileSchema,
  MisconceptionFileSchema,
  ScenarioFileSchema,
  TableFileSchema,
  TimelineFileSchema,
  type DecisionScenarioData,
} from './schema.ts';
import { DECISION_COLUMNS, columnOptions, type DecisionColumn } from './vocabulary.ts';

/** The scenario bank's files, in bank order (each file's scenarios keep their order). */
const SCENARIO_FILES: readonly (readonly [path: string, data: unknown])[] = [
  ['content/scenarios/tool-calls.json', toolCalls],
  ['content/scenarios/streams.json', streams],
];

/** A course data file that does not follow its schema, or refers to something that does not exist. */
export class CourseDataError extends Error {
  override name = 'CourseDataError';
}

/** A zod path in words, with the id of the entry when the path goes through an array of entries that have one. */
function describePath(data: unknown, path: readonly PropertyKey[]): string {
  let out = '';
  let node: unknown = data;
  for (const key of path) {
    out += typeof key === 'number' ? `[${key}]` : `${out ? '.' : ''}${String(key)}`;
    node = node !== null && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined;
    if (typeof key === 'number' && node !== null && typeof node === 'object' && 'id' in node) {
      const id = (node as { id: unknown }).id;
      if (typeof id === 'string') out += ` (id "${id}")`;
    }
  }
  return out || '(root)';
}

function parseFile<T extends z.ZodType>(schema: T, path: string, data: unknown): z.infer<T> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.slice(0, 5).map((i) => `  ${describePath(data, i.path)}: ${i.message}`);
  const more = parsed.error.issues.length > 5 ? `\n  … and ${parsed.error.issues.length - 5} more` : '';
  throw new CourseDataError(`${path} is not valid course data:\n${lines.join('\n')}${more}`);
}

function fail(path: string, field: string, message: string): never {
  throw new CourseDataError(`${path} is not valid course data:\n  ${field}: ${message}`);
}

/** The raw content of every course data file, as imported (untrusted until validated). */
export interface CourseDataFiles {
  labels: unknown;
  misconceptions: unknown;
  tables: unknown;
  timeline: unknown;
  /** The scenario bank's files: path and content, in bank order. */
  scenarioFiles: readonly (readonly [path: string, data: unknown])[];
}

/** A scenario as the course uses it: the file's entry, with its citations resolved to spec links. */
export type LoadedScenario = Omit<DecisionScenarioData, 'spec'> & {
  /** The citations as spec links, each with its quote when the file gives one. */
  spec: (SpecRef & { quote?: string })[];
  /** The file the scenario comes from. */
  file: string;
};

/**
 * Validates the course data files, each against its schema and all against each other (ids unique, every id
 * referred to exists). Throws CourseDataError naming the file and the field of the first problem found.
 */
export function loadCourseData(files: CourseDataFiles) {
  const labels = parseFile(LabelFileSchema, 'content/scenarios/labels.json', files.labels);
  const misconceptions = parseFile(
    MisconceptionFileSchema,
    'content/scenarios/misconceptions.json',
    files.misconceptions,
  );
  const tables = parseFile(TableFileSchema, 'content/scenarios/tables.json', files.tables);
  const timeline = parseFile(TimelineFileSchema, 'content/scenarios/timeline.json', files.timeline);

  const misconceptionIds = new Set<string>();
  misconceptions.misconceptions.forEach((m, i) => {
    if (misconceptionIds.has(m.id))
      fail('content/scenarios/misconceptions.json', `misconceptions[${i}].id`, `"${m.id}" is used twice`);
    misconceptionIds.add(m.id);
  });

  const scenarios: LoadedScenario[] = [];
  const seen = new Map<string, string>();
  for (const [path, data] of files.scenarioFiles) {
    parseFile(ScenarioFileSchema, path, data).scenarios.forEach((s, i) => {
      const at = `scenarios[${i}] (id "${s.id}")`;
      const first = seen.get(s.id);
      if (first) fail(path, `${at}.id`, `"${s.id}" is already a scenario in ${first}`);
      seen.set(s.id, path);
      const usedIn = new Map<string, DecisionColumn>();
      for (const column of DECISION_COLUMNS) {
        const field = `${at}.feedback.${column}.wrong`;
        const covered = new Set<string>();
        s.feedback[column].wrong.forEach((group, g) => {
          for (const value of group.answers) {
            if (value === s.answer[column])
              fail(path, `${field}[${g}].answers`, `"${value}" is the canonical answer, not a wrong one`);
            if (covered.has(value)) fail(path, `${field}[${g}].answers`, `"${value}" has feedback twice`);
            covered.add(value);
          }
          const id = group.misconception;
          if (id === undefined) return;
          if (!misconceptionIds.has(id))
            fail(path, `${field}[${g}].misconception`, `no misconception "${id}" in misconceptions.json`);
          const other = usedIn.get(id);
          // Feedback belongs to the cell: one misconception explained in two cells of a row would repeat itself.
          if (other && other !== column)
            fail(path, `${field}[${g}].misconception`, `"${id}" is already named in the ${other} column of this row`);
          usedIn.set(id, column);
        });
        const missing = columnOptions(column).filter((v) => v !== s.answer[column] && !covered.has(v));
        if (missing.length > 0) fail(path, field, `no feedback for ${missing.map((v) => `"${v}"`).join(', ')}`);
      }
      const { spec, ...rest } = s;
      scenarios.push({
        ...rest,
        spec: spec.map((c) => ({ ...mcpRef(c.version, c.page, c.heading), ...(c.quote ? { quote: c.quote } : {}) })),
        file: path,
      });
    });
  }

  tables.default.forEach((id, i) => {
    if (!seen.has(id)) fail('content/scenarios/tables.json', `default[${i}]`, `no scenario "${id}" in the bank`);
  });
  for (const [fault, entry] of Object.entries(timeline.faults)) {
    const field = `faults.${fault}.scenarios`;
    if (fault === 'none') {
      if (entry.scenarios)
        fail('content/scenarios/timeline.json', field, 'a run without a fault illustrates no scenario');
      continue;
    }
    if (!entry.scenarios)
      fail('content/scenarios/timeline.json', field, 'required: the scenario this fault illustrates');
    for (const [tool, id] of Object.entries(entry.scenarios))
      if (!seen.has(id)) fail('content/scenarios/timeline.json', `${field}.${tool}`, `no scenario "${id}" in the bank`);
  }
  const timelineIds = new Set<string>();
  timeline.scenarios.forEach((s, i) => {
    if (timelineIds.has(s.id)) fail('content/scenarios/timeline.json', `scenarios[${i}].id`, `"${s.id}" is used twice`);
    timelineIds.add(s.id);
  });
  return { labels, misconceptions: misconceptions.misconceptions, tables, timeline, scenarios };
}

/** The files as shipped. */
export const COURSE_FILES: CourseDataFiles = {
  labels: labelFile,
  misconceptions: misconceptionFile,
  tables: tableFile,
  timeline: timelineFile,
  scenarioFiles: SCENARIO_FILES,
};

const data = loadCourseData(COURSE_FILES);

/** Column headings. */
export const COLUMN_LABELS: Readonly<Record<DecisionColumn, string>> = data.labels.columns;
/** The label of every value of every column, for controls and feedback. */
export const DECISION_LABELS = data.labels.values;
/** Every named misconception, in file order. */
export const MISCONCEPTION_LIST = data.misconceptions;
/** The bank of decision-table scenarios, in bank order. */
export const SCENARIO_LIST: readonly LoadedScenario[] = data.scenarios;
/** The rows of the default table (chapter 5's practice table). */
export const DEFAULT_TABLE: readonly string[] = data.tables.default;
/** The timeline's labels and scenarios. */
export const TIMELINE_DATA = data.timeline;
