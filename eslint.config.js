// The floors of ARCHITECTURE.md as rules: an import that crosses one fails `npm run lint` (and CI).
// Imports are matched as written (relative specifiers), which is how every file here imports.
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

const lazyPackageImport = {
  selector: 'ImportExpression > Literal[value=/^(?!\\.|open$)/]',
  message: 'Import a package lazily through a module of ours: bundled, a dynamic import of a CommonJS package keeps only its default.',
};
const explicitExports = { selector: 'ExportAllDeclaration', message: 'An entry lists its exports by name (no `export *`): what is public is what is listed.' };

/** Outside core/, only its entry: core/src/index.ts is its public surface (jose's one export list). */
const coreEntryOnly = { regex: '(^|/)core/src/(?!index\\.js$)', message: 'Import core through its entry, core/src/index.js.' };
/** Outside kit/, only its entry: kit/src/index.ts is what both command lines share. */
const kitEntryOnly = { regex: '(^|/)kit/src/(?!index\\.js$)', message: 'Import the command kit through its entry, kit/src/index.js.' };

/** The server never imports the CLI (but for its commands, through the command kit). */
const noCli = { group: ['**/cli/**'], message: 'The server never imports the CLI.' };

/**
 * One door per domain (ARCHITECTURE.md "Domains and their doors"): outside server/src/domains/<x>/,
 * import only domains/<x>/index.js, the domain's explicit export list (as jose's src/index.ts).
 * Held for server/src only: test/ and bench/ unit-test what lies behind a door (the hash chain,
 * sealing, a report's CSV), which the door would otherwise export for them alone.
 */
const doorMessage = 'Import a domain through its door, domains/<name>/index.js: add what you need to its export list.';
const domainDoor = { regex: '(^|/)domains/[^/]+/(?!index\\.js$)', message: doorMessage };
/**
 * Inside a domain, another domain is reached as `../<other>/` from the domain's own folder,
 * `../../<other>/` one folder down, and so on: specifiers are matched as written, so each depth
 * has its pattern (a domain's own files may import each other freely).
 */
const siblingDoor = (depth) => ({ regex: `^(\\.\\./){${depth}}[^./][^/]*/(?!index\\.js$)`, message: doorMessage });
const domainDepths = [1, 2, 3];
const domainFilesAt = (depth) => `server/src/domains/*/${'*/'.repeat(depth - 1)}*.ts`;

export default tseslint.config(
  {
    ignores: ['dist/**', '**/dist/**', 'node_modules/**', 'coverage/**', 'bench/results/**', '**/*.d.ts', 'core/src/generated/**', 'cli/src/api/generated/**'],
  },
  {
    files: ['**/*.{ts,tsx,mts,js,mjs}'],
    extends: [tseslint.configs.recommended],
    rules: {
      // Prettier formats at 160 (.prettierrc.json) but leaves long comments and strings: comments
      // are held here; messages and descriptions may run on, as splitting them only hides them from grep.
      'max-len': ['error', { code: 160, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreUrls: true, ignoreRegExpLiterals: true }],
      // A name that starts with `_` is unused on purpose: the rest of an object without some of
      // its members (`const { hash: _hash, ...rest } = row`), a parameter a signature requires.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['test/**/*.{ts,tsx}'],
    rules: {
      // chai asserts by reading a property (`expect(list).to.not.be.empty`): an expression statement by design.
      '@typescript-eslint/no-unused-expressions': 'off',
      // Tests read JSON answers of any shape and build payloads invalid on purpose (a rule without
      // actions, an unknown field): `any` says so where the server's types would forbid the value.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // The CLI ships bundled (scripts/build-packages.ts), where a dynamic import of a CommonJS package
    // keeps only its `default`: lazy loads go through a module of ours (cli/src/flags/yaml-parser.ts).
    files: ['cli/src/**/*.{ts,tsx}', 'core/src/**/*.{ts,tsx}', 'kit/src/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', lazyPackageImport] },
  },
  {
    // An entry lists its public names (jose's src/index.ts): `export *` would hide what is public.
    files: ['core/src/index.ts'],
    rules: { 'no-restricted-syntax': ['error', lazyPackageImport, explicitExports] },
  },
  { files: ['server/src/domains/*/index.ts'], rules: { 'no-restricted-syntax': ['error', explicitExports] } },
  {
    // core/: pure code that CLI and server share; it stands on nothing of theirs.
    files: ['core/src/**/*.{ts,tsx}'],
    rules: restrict([{ group: ['**/server/**', '**/cli/**', '**/kit/**'], message: 'core/ imports nothing from server/, cli/ or kit/.' }]),
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
    // db/, http/ and security/ sit lowest with events/: the plugins, the domains and admin/ stand on
    // them. What they need from above comes as an argument (http/client-errors.ts holds the answers
    // written before routing, which the errors plugin registers and request-deadline.ts gives too).
    files: ['server/src/db/**/*.ts', 'server/src/http/**/*.ts', 'server/src/security/**/*.ts'],
    rules: restrict([
      coreEntryOnly,
      noCli,
      {
        group: ['**/domains/**', '**/plugins/**', '**/admin/**'],
        message: 'db/, http/ and security/ are low floors: they import no domain, plugin or admin/; take what you need as an argument.',
      },
    ]),
  },
  {
    // The rest of the server (app.ts, server.ts, admin/, cluster/, config/, errors/, keys/): domains through their doors.
    files: ['server/src/**/*.ts'],
    ignores: [
      'server/src/events/**',
      'server/src/plugins/**',
      'server/src/metrics/**',
      'server/src/cli/**',
      'server/src/db/**',
      'server/src/http/**',
      'server/src/security/**',
      'server/src/domains/**',
    ],
    rules: restrict([coreEntryOnly, noCli, domainDoor]),
  },
  // A domain's files: other domains through their doors, at each depth of the folder.
  ...domainDepths.map((depth) => ({
    files: [domainFilesAt(depth)],
    rules: restrict([coreEntryOnly, noCli, domainDoor, siblingDoor(depth)]),
  })),
  {
    // The server's commands (`acctl server …`, server/src/cli/) are a top floor of the server package
    // that stands on the command kit (kit/), as the CLI does: sf-plugins-core under `sf` and its plugins.
    files: ['server/src/cli/**/*.ts'],
    rules: restrict([
      coreEntryOnly,
      kitEntryOnly,
      domainDoor,
      { regex: '(^|/)cli/src/', message: 'The server package imports nothing of the CLI: what both command lines share is the kit, kit/src/index.js.' },
    ]),
  },
  {
    // kit/: the command kit both command lines stand on; it stands on core alone.
    files: ['kit/src/**/*.ts'],
    rules: restrict([coreEntryOnly, { regex: '(^|/)(cli|server)/', message: 'kit/ imports nothing of cli/ or server/: both stand on it.' }]),
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
      kitEntryOnly,
      { regex: '(^|/)server/', message: 'The CLI imports nothing from server/: the server package runs `acctl server …` (cli/src/server-package.ts).' },
    ]),
  },
);
