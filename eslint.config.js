// @ts-check
/**
 * ESLint: rules that catch bugs, not style (Prettier owns layout). `npm run lint`.
 *
 * TypeScript files are linted with type information (typescript-eslint's project service reads tsconfig.json), so
 * the rules can see promises and unions: a promise nobody awaits, an async function where a callback must return
 * nothing, a switch over a `kind` that misses a case. `.astro` files get the Astro plugin's checks and the plain
 * rules; type information does not reach inside them.
 */
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import { builtinRules } from 'eslint/use-at-your-own-risk';

/**
 * Core rules that flag code which cannot be what was meant.
 * @type {import('eslint').Linter.RulesRecord}
 */
const coreBugRules = {
  'no-async-promise-executor': 'error',
  'no-compare-neg-zero': 'error',
  'no-cond-assign': 'error',
  'no-constant-binary-expression': 'error',
  'no-control-regex': 'error',
  'no-constant-condition': ['error', { checkLoops: 'none' }],
  'no-debugger': 'error',
  'no-dupe-else-if': 'error',
  'no-duplicate-case': 'error',
  'no-empty-character-class': 'error',
  'no-empty-pattern': 'error',
  'no-fallthrough': 'error',
  'no-invalid-regexp': 'error',
  'no-loss-of-precision': 'error',
  'no-misleading-character-class': 'error',
  'no-self-assign': 'error',
  'no-self-compare': 'error',
  'no-sparse-arrays': 'error',
  'no-unreachable': 'error',
  'no-unsafe-finally': 'error',
  'no-unsafe-negation': 'error',
  'no-unsafe-optional-chaining': 'error',
  'no-unused-labels': 'error',
  'no-unused-private-class-members': 'error',
  'no-useless-backreference': 'error',
  'require-yield': 'error',
  'use-isnan': 'error',
  'valid-typeof': 'error',
};

/**
 * typescript-eslint rules that need type information and find real mistakes.
 * @type {import('eslint').Linter.RulesRecord}
 */
const typedBugRules = {
  '@typescript-eslint/await-thenable': 'error',
  '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true }],
  '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
  '@typescript-eslint/no-for-in-array': 'error',
  '@typescript-eslint/no-implied-eval': 'error',
  '@typescript-eslint/no-base-to-string': 'error',
  '@typescript-eslint/only-throw-error': 'error',
  '@typescript-eslint/prefer-promise-reject-errors': 'error',
  '@typescript-eslint/return-await': ['error', 'in-try-catch'],
  '@typescript-eslint/switch-exhaustiveness-check': [
    'error',
    { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
  ],
};

/**
 * typescript-eslint rules that work from syntax alone.
 * @type {import('eslint').Linter.RulesRecord}
 */
const syntaxBugRules = {
  '@typescript-eslint/no-unused-vars': [
    'error',
    { args: 'after-used', argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
  ],
  '@typescript-eslint/no-unsafe-declaration-merging': 'error',
  '@typescript-eslint/no-duplicate-enum-values': 'error',
  '@typescript-eslint/no-this-alias': 'error',
};

/**
 * The layers of ARCHITECTURE.md, from the bottom up: a folder of src/ imports only from the folders before it in
 * this list (and from its own files). `src/message-model/` has its own, stricter rule below (zod and itself).
 */
const LAYERS = [
  'message-model',
  'lib',
  'service-worker',
  'probe',
  'course',
  'progress',
  'receipts',
  'lms',
  'instructor',
  'room',
  'components',
  'layouts',
  'pages',
  'cli',
  'server',
  'build',
];

/**
 * The import rule of one layer: no relative import that climbs into a later layer (`../room/…`, `../../server/…`),
 * nor `#course` below the course. `allowed` names the later layers this file may import all the same (each such
 * exception is its own commented block below).
 * @param {string} layer
 * @param {string[]} [allowed]
 * @returns {import('eslint').Linter.RuleEntry}
 */
function layerRule(layer, allowed = []) {
  const later = LAYERS.slice(LAYERS.indexOf(layer) + 1).filter((l) => !allowed.includes(l));
  const below = LAYERS.indexOf(layer) < LAYERS.indexOf('course');
  return [
    'error',
    {
      patterns: [
        {
          regex: `^(?:\\.\\./)+(?:${later.join('|')})/`,
          message: `src/${layer}/ is below that folder in ARCHITECTURE.md's layers: import only from the folders above it there.`,
        },
        ...(below
          ? [
              {
                regex: '^#course$',
                message: `src/${layer}/ is below the course (#course) in ARCHITECTURE.md's layers.`,
              },
            ]
          : []),
      ],
    },
  ];
}

/**
 * Function size: a warning past 80 lines (worth splitting when next touched), an error past 200. One rule cannot
 * both warn and fail, so the core rule also runs under the name `size/max-lines-per-function` for the error.
 * Lines count as ESLint counts them by default (blank and comment lines included).
 */
const maxLinesRule = builtinRules.get('max-lines-per-function');
if (!maxLinesRule) throw new Error('ESLint no longer has max-lines-per-function: update eslint.config.js.');
/** @type {import('eslint').ESLint.Plugin} */
const sizePlugin = { rules: { 'max-lines-per-function': maxLinesRule } };
/** @type {import('eslint').Linter.RulesRecord} */
const sizeRules = {
  'max-lines-per-function': ['warn', { max: 80 }],
  'size/max-lines-per-function': ['error', { max: 200 }],
};

export default defineConfig(
  globalIgnores([
    'dist/',
    '.astro/',
    'node_modules/',
    'test-results/',
    'playwright-report/',
    'workshop-data/',
    'content/sdk/recordings/',
  ]),
  {
    files: ['**/*.{ts,mts,js,mjs}'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: { ...coreBugRules, ...syntaxBugRules, ...typedBugRules },
  },
  ...astro.configs['flat/recommended'],
  {
    files: ['**/*.astro'],
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: { ...coreBugRules, ...syntaxBugRules },
  },
  {
    files: ['src/**/*.{ts,astro}'],
    plugins: { size: sizePlugin },
    rules: sizeRules,
  },
  // The functions past 200 lines, each for its reason.
  {
    // One declarative table: every MCP schema of a revision, built in dependency order in one scope.
    files: ['src/message-model/schemas.ts'],
    rules: { 'size/max-lines-per-function': 'off' },
  },
  {
    // The progress store's methods share one document and one save queue through the closure.
    files: ['src/progress/store.ts'],
    rules: { 'size/max-lines-per-function': 'off' },
  },
  {
    // Exercise starters declare the parameters the learner's solution will use.
    files: ['exercises/**/*.problem.ts'],
    rules: { '@typescript-eslint/no-unused-vars': 'off' },
  },
  ...LAYERS.filter((l) => l !== 'message-model').map((layer) => ({
    files: [`src/${layer}/**/*.{ts,astro}`],
    rules: { 'no-restricted-imports': layerRule(layer) },
  })),
  // The exceptions to the layers, each one file and the one later layer it reads.
  {
    // Build time only: the course artefact lists each chapter's checklist items as progress counts them.
    files: ['src/course/build-course.ts'],
    rules: { 'no-restricted-imports': layerRule('course', ['progress']) },
  },
  {
    // Types only: the course artefact's format carries the grader's view of the course (CourseData, QuestionSet).
    files: ['src/course/course-file.ts'],
    rules: { 'no-restricted-imports': layerRule('course', ['receipts']) },
  },
  {
    // Build time only: which items a chapter has comes from the widgets' build-time lookups and the stored structure.
    files: ['src/progress/manifest.ts'],
    rules: { 'no-restricted-imports': layerRule('progress', ['components']) },
  },
  {
    // Types only: the one roster model is made from receipts and from a room's dashboard view alike.
    files: ['src/receipts/roster-model.ts'],
    rules: { 'no-restricted-imports': layerRule('receipts', ['room']) },
  },
  {
    // Build time only: the instructor pages read a chapter entry's stored structure as the anatomy stores it.
    files: ['src/instructor/course.ts'],
    rules: { 'no-restricted-imports': layerRule('instructor', ['components']) },
  },
  {
    // The message model is the protocol, usable anywhere: it imports only zod and its own files.
    files: ['src/message-model/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod(?:/|$)|\\./)',
              message:
                'src/message-model imports only zod and its own files (./…); move the dependency out of the model.',
            },
          ],
        },
      ],
    },
  },
);
