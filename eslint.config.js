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
    // Exercise starters declare the parameters the learner's solution will use.
    files: ['exercises/**/*.problem.ts'],
    rules: { '@typescript-eslint/no-unused-vars': 'off' },
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
