// The floors of ARCHITECTURE.md as rules: an import that crosses one fails `npm run lint` (and CI).
// Imports are matched as written (relative specifiers), which is how every file here imports.
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/** Outside core/, only its entry: core/src/index.ts is its public surface (jose's one export list). */
const coreEntryOnly = { regex: '(^|/)core/src/(?!index\\.js$)', message: 'Import core through its entry, core/src/index.js.' };

export default tseslint.config(
  {
    ignores: ['dist/**', '**/dist/**', 'node_modules/**', 'coverage/**', 'bench/results/**', '**/*.d.ts', 'core/src/generated/**', 'cli/src/api/generated/**'],
  },
  {
    files: ['**/*.{ts,tsx,mts,js,mjs}'],
    extends: [tseslint.configs.base],
    // Prettier formats at 160 (.prettierrc.json) but leaves long comments and strings: comments
    // are held here; messages and descriptions may run on, as splitting them only hides them from grep.
    rules: { 'max-len': ['error', { code: 160, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreUrls: true, ignoreRegExpLiterals: true }] },
  },
  {
    // The CLI ships bundled (scripts/build-packages.ts), where a dynamic import of a CommonJS package
    // keeps only its `default`: lazy loads go through a module of ours (cli/src/flags/yaml-parser.ts).
    files: ['cli/src/**/*.{ts,tsx}', 'core/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression > Literal[value=/^(?!\\.|open$)/]',
          message: 'Import a package lazily through a module of ours: bundled, a dynamic import of a CommonJS package keeps only its default.',
        },
      ],
    },
  },
  {
    // core/: pure code that CLI and server share; it stands on nothing of theirs.
    files: ['core/src/**/*.{ts,tsx}'],
    rules: restrict([{ group: ['**/server/**', '**/cli/**'], message: 'core/ imports nothing from server/ or cli/.' }]),
  },
  {
    // events/ is vocabulary and plugins/ infrastructure: both sit below the domains.
    files: ['server/src/events/**/*.ts', 'server/src/plugins/**/*.ts'],
    rules: restrict([
      coreEntryOnly,
      { group: ['**/domains/**'], message: 'events/ and plugins/ sit below the domains: take what you need as an argument or a decorator wired in app.ts.' },
    ]),
  },
  {
    // Benchmarks measure what ships; they share no code with the tests (shared set-up lives in scripts/).
    files: ['bench/**/*.ts'],
    rules: restrict([{ regex: '(^|/)test/', message: 'bench/ does not import test/: share through scripts/ or the code under test.' }]),
  },
  {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/events/**', 'server/src/plugins/**', 'server/src/metrics/**', 'server/src/cli/**'],
    rules: restrict([coreEntryOnly, { group: ['**/cli/**'], message: 'The server never imports the CLI.' }]),
  },
  {
    // The server's commands (`acctl server …`, server/src/cli/) are a top floor of the server package
    // that stands on the CLI's command kit, as an oclif plugin stands on its host's base command.
    files: ['server/src/cli/**/*.ts'],
    rules: restrict([
      coreEntryOnly,
      { regex: '(^|/)cli/src/(?!command-kit\\.js$)', message: 'The server package uses the CLI only through cli/src/command-kit.js.' },
    ]),
  },
  {
    // metrics/ is a low floor: plugins and domains report to it through app.metrics, never the reverse.
    files: ['server/src/metrics/**/*.ts'],
    rules: restrict([
      coreEntryOnly,
      {
        group: ['**/domains/**', '**/plugins/**', '**/cli/**'],
        message: 'metrics/ sits below the plugins and domains: they report to it through app.metrics.',
      },
    ]),
  },
  {
    // The CLI package carries no server (no framework, job queue or embedded PostgreSQL): `acctl
    // server …` is handed to the server package at run time (cli/src/server-package.ts).
    files: ['cli/src/**/*.{ts,tsx}'],
    rules: restrict([
      coreEntryOnly,
      { regex: '(^|/)server/', message: 'The CLI imports nothing from server/: the server package runs `acctl server …` (cli/src/server-package.ts).' },
    ]),
  },
);
