import type { EditorSchemaKind } from '../../../core/src/index.js';
import { policyWorkflow } from './policy-workflow.js';

/**
 * The files of a new policy repository, as `acctl init` writes them: pure (paths and texts), so the
 * command does the I/O. The repository works as soon as it is written: `acctl policy lint` and
 * `acctl policy test` pass on it, its editor finds the schemas inside it, and its workflow checks,
 * plans, replays the impact and applies it (test/cli/init.test.ts and test/gitops/example-workflow.test.ts
 * run each of these).
 */

export interface ScaffoldOptions {
  /** acctl.yaml's `owner`: the label apply writes on the repository's policies. */
  owner: string;
  /** acctl.yaml's `server`. */
  server: string;
  /** The acctl release the workflow's action installs (package.json's version). */
  version: string;
  /** The commit of that release's tag, when the build knew it: the workflow pins the action to it. */
  actionCommit?: string;
  /** The editor schemas, by kind, as `acctl schema <kind>` prints them. */
  schemaText: (kind: EditorSchemaKind) => string;
}

export interface ScaffoldFile {
  /** Relative to the repository, with `/`. */
  path: string;
  text: string;
}

/**
 * Where the editor schemas live in a policy repository: a hidden folder, which the policy commands
 * do not walk. Not .acctl/, the default data folder of `acctl server start` (its database and
 * secrets.json), which a .gitignore rightly ignores and nobody should commit beside them.
 */
export const schemaFolder = '.schemas';

const schemaFiles: Record<EditorSchemaKind, string> = {
  policy: `${schemaFolder}/policy-file.json`,
  test: `${schemaFolder}/policy-test-file.json`,
  config: `${schemaFolder}/acctl-config-file.json`,
};

/** The first line that names a file's schema to the YAML language server, for a file at the repository's top. */
const modeline = (kind: EditorSchemaKind): string => `# yaml-language-server: $schema=${schemaFiles[kind]}`;

/** A YAML scalar: plain when it is plainly safe, else double-quoted (a JSON string is a valid YAML one). */
const scalar = (value: string): string => (/^[A-Za-z0-9][A-Za-z0-9._/:@-]*$/.test(value) && !value.includes(': ') ? value : JSON.stringify(value));

export const examplePolicyName = 'reports-read';

export function policyRepositoryFiles(options: ScaffoldOptions): ScaffoldFile[] {
  return [
    { path: 'acctl.yaml', text: acctlYaml(options) },
    { path: `${examplePolicyName}.yaml`, text: examplePolicy(options) },
    { path: `${examplePolicyName}.test.yaml`, text: exampleTest() },
    {
      path: '.github/workflows/acctl.yml',
      text: policyWorkflow({ kind: 'init', version: options.version, ...(options.actionCommit ? { actionCommit: options.actionCommit } : {}) }),
    },
    ...editorFiles(options.schemaText),
  ];
}

/**
 * What an editor needs in a policy repository: the schemas inside it and VS Code's settings that
 * map the files to them (policies-example/ has the same, written by `npm run gen:editor-files`).
 */
export function editorFiles(schemaText: ScaffoldOptions['schemaText']): ScaffoldFile[] {
  return [
    { path: '.vscode/settings.json', text: `${JSON.stringify(vscodeSettings(), null, 2)}\n` },
    { path: '.vscode/extensions.json', text: `${JSON.stringify({ recommendations: ['redhat.vscode-yaml'] }, null, 2)}\n` },
    ...(['policy', 'test', 'config'] as const).map((kind) => ({ path: schemaFiles[kind], text: schemaText(kind) })),
  ];
}

function acctlYaml({ owner, server }: ScaffoldOptions): string {
  return `${modeline('config')}
# The configuration of this policy repository. Every .yaml file here is a policy, every .test.yaml
# file tests them (hidden folders such as .github are skipped). \`acctl policy lint\` and
# \`acctl policy test\` need no server; \`acctl policy plan\` and \`apply\` talk to the one below.
server: ${scalar(server)}
# The label apply writes on each policy of this repository (metadata.managed_by): plan and apply
# --prune change and delete only the policies carrying it.
owner: ${scalar(owner)}
`;
}

function examplePolicy({ owner }: ScaffoldOptions): string {
  return `${modeline('policy')}
# An example to replace with your own policies, one per file. It is a draft, which the server
# stores but does not enforce: set status: active to enforce it.
name: ${examplePolicyName}
description: Analysts read the finance reports, with MFA; they change none of them.
status: draft
metadata:
  owner: ${scalar(owner)}
rules:
  - effect: allow
    principals:
      type: USER
      attributes:
        role: [analyst]
    resources:
      type: report
      identifiers: ["finance-*"]
    actions: [read]
    conditions:
      - type: mfa_verified
        operator: equals
        value: true
`;
}

function exampleTest(): string {
  return `${modeline('test')}
# Tests of ${examplePolicyName}.yaml: every combination of a test's principals, resources and
# actions must get the decision it expects. \`acctl policy test\` runs them with the server's engine.
name: Finance reports
policies: [${examplePolicyName}]
at: "2026-01-05T10:00:00Z"
context: {mfa_verified: true}
principals:
  analyst: {type: USER, attributes: {role: analyst}}
  developer: {type: USER, attributes: {role: developer}}
resources:
  q1-report: {type: report, identifier: finance-2026-q1}
  roadmap: {type: report, identifier: product-roadmap}
tests:
  - name: analysts read finance reports with MFA
    principals: [analyst]
    resources: [q1-report]
    actions: [read]
    expect: allow
    matched: [{policy: ${examplePolicyName}, rule: 0}]
  - name: not without MFA
    principals: [analyst]
    resources: [q1-report]
    actions: [read]
    context: {mfa_verified: false}
    expect: deny
  - name: nobody changes them, and other roles and reports get nothing
    principals: [analyst, developer]
    resources: [q1-report, roadmap]
    actions: [write]
    expect: deny
  - name: developers do not read them
    principals: [developer]
    resources: [q1-report]
    actions: [read]
    expect: deny
  - name: analysts read finance reports only
    principals: [analyst]
    resources: [roadmap]
    actions: [read]
    expect: deny
`;
}

/** yaml.schemas of the YAML extension: schema file to globs (each matched in any folder; `!` excludes; hidden folders are not matched). */
function vscodeSettings(): Record<string, unknown> {
  return {
    'yaml.schemas': {
      [schemaFiles.policy]: ['*.yaml', '*.yml', '!*.test.yaml', '!*.test.yml', '!acctl.yaml', '!acctl.yml'],
      [schemaFiles.test]: ['*.test.yaml', '*.test.yml'],
      [schemaFiles.config]: ['acctl.yaml', 'acctl.yml'],
    },
  };
}
