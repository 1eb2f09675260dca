import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { createAjv, schemaIdBase } from '../../core/src/index.js';
import { exitCodes } from '../../kit/src/index.js';
import { lintRules } from '../../cli/src/policy-files/lint-rules.js';
import { policyFoldersOfSuite, runCliIn } from '../policy-files/support/policy-dirs.js';
import { jsonOutputSchemas } from '../../cli/src/ux/json-output-schemas.js';
import { commandOfArgs, ndjsonLines, repoRoot, runCli, schemaProblems, type CliResult } from './run-cli.js';

/**
 * The JSON documents of the CLI (docs/cli-usage.md, "JSON output"): each carries format_version,
 * and those with a published schema (schemas/cli/) match it, as printed by the real CLI.
 */
const ajv = createAjv({ coerce: false });

function problemsAgainst(schema: string, document: unknown): string[] {
  const validate = ajv.getSchema(`${schemaIdBase}cli/${schema}.json`);
  if (validate === undefined) throw new Error(`no schema cli/${schema}.json`);
  return validate(document) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`);
}

function jsonOf(result: CliResult): Record<string, unknown> {
  const document = result.document();
  expect(document.format_version, 'format_version').to.equal('1');
  return document;
}

const policy = `name: db-read
status: active
rules:
  - effect: allow
    principals: {type: USER}
    resources: {type: database, identifiers: ["prod-*"]}
    actions: [read]
    conditions:
      - {type: mfa_verified, operator: equals, value: true}
  - effect: allow
    principals: {type: USER}
    resources: {type: database, identifiers: ["prod-*"]}
    actions: [read]
    conditions:
      - {type: mfa_verified, operator: equals, value: true}
`;
const tests = `name: db
at: "2026-03-10T10:00:00Z"
principals: {alice: {type: USER}}
resources: {orders: {type: database, identifier: prod-orders}}
tests:
  - {name: reads with MFA, principals: [alice], resources: [orders], actions: [read], context: {mfa_verified: true}, expect: allow}
  - {name: wrongly expects a deny, principals: [alice], resources: [orders], actions: [read], context: {mfa_verified: true}, expect: deny, matched: [{policy: db-read, rule: 0}]}
`;

describe('JSON output of the CLI (format_version, published schemas)', function () {
  this.timeout(60_000);
  const folder = policyFoldersOfSuite();

  it('policy lint --json and --format json match schemas/cli/policy-lint.json, findings with suggestions and related places included', async () => {
    const { dir } = folder({
      'db.yaml': policy.replace('    actions: [read]\n    conditions', '    acitons: [read]\n    conditions'),
      'dup.yaml': policy.replace('name: db-read', 'name: dup'),
      'dup-again.yaml': policy.replace('name: db-read', 'name: dup'),
    });
    const [json, format] = await Promise.all([runCli(['policy', 'lint', dir, '--json']), runCli(['policy', 'lint', dir, '--format', 'json'])]);
    const document = jsonOf(json);
    expect(problemsAgainst('policy-lint', document)).to.deep.equal([]);
    expect(jsonOf(format)).to.deep.equal(document);
    const findings = document.findings as Array<{ rule: string; suggestion?: string; related?: unknown[] }>;
    expect(findings.some((finding) => finding.suggestion === 'actions')).to.equal(true);
    expect(findings.some((finding) => finding.related !== undefined)).to.equal(true);
  });

  it('policy test --json matches schemas/cli/policy-test.json: a failed test, coverage, and a run stopped by errors', async () => {
    const { dir } = folder({ 'db.yaml': policy, 'db.test.yaml': tests });
    const ran = await runCli(['policy', 'test', dir, '--min-coverage', '100', '--json']);
    expect(ran.exitCode).to.equal(1);
    const document = jsonOf(ran);
    expect(problemsAgainst('policy-test', document)).to.deep.equal([]);
    expect((document.coverage as { uncovered: unknown[] }).uncovered).to.not.deep.equal([]);

    const broken = folder({ 'db.yaml': policy, 'db.test.yaml': tests.replace('principals: [alice]', 'principals: [alcie]') });
    const stopped = jsonOf(await runCli(['policy', 'test', broken.dir, '--json']));
    expect(stopped.coverage).to.equal(null);
    expect(problemsAgainst('policy-test', stopped)).to.deep.equal([]);
  });

  it('a failure with --json is the error object of schemas/cli/error.json, with format_version', async () => {
    const result = await runCli(['policy', 'lint', 'no-such-folder', '--json']);
    expect(result.exitCode).to.equal(2);
    const document = jsonOf(result);
    expect(problemsAgainst('error', document)).to.deep.equal([]);
    expect(document.error).to.deep.include({ code: 'usage_error', exit_code: 2 });
  });

  it('any command, not only the policy ones, prints format_version with --json (AcctlCommand adds it)', async () => {
    const result = await runCliIn(repoRoot, ['config', 'list', '--json']);
    expect(result.exitCode, result.stderr).to.equal(0);
    expect(Object.keys(jsonOf(result))[0]).to.equal('format_version');
  });

  it('an unknown command with --json answers with the JSON error object, a "did you mean", and exit 2', async () => {
    const [typo, topic, nonsense] = await Promise.all([
      runCli(['polcy', 'lint', '--json']),
      runCli(['policy', 'lnt', 'policies-example', '--json']),
      runCli(['--json', 'frobnicate']),
    ]);
    for (const result of [typo, topic, nonsense]) {
      expect(result.exitCode, result.stdout + result.stderr).to.equal(2);
      expect(problemsAgainst('error', jsonOf(result))).to.deep.equal([]);
    }
    expect(typo.json().error).to.deep.equal({
      code: 'usage_error',
      exit_code: 2,
      message: 'Unknown command: acctl polcy',
      suggestions: ['Did you mean: acctl policy lint?', 'Run acctl --help to see the commands'],
    });
    expect(topic.json().error).to.deep.include({
      message: 'Unknown command: acctl policy lnt',
      suggestions: ['Did you mean: acctl policy lint?', 'Run acctl --help to see the commands'],
    });
    expect((nonsense.json().error as { suggestions: string[] }).suggestions).to.deep.equal(['Run acctl --help to see the commands']);
  });

  it('an unknown command without --json says so on stderr in one line with the suggestion, and exits 2', async () => {
    const result = await runCli(['polcy', 'lint']);
    expect(result.exitCode).to.equal(2);
    expect(result.stdout).to.equal('');
    expect(result.stderr).to.equal('Error: Unknown command: acctl polcy\n  Did you mean: acctl policy lint?\n  Run acctl --help to see the commands\n');
  });

  it('every command with --json in the surface snapshot has a published schema (the table of cli/src/ux/json-output-schemas.ts), and no other', () => {
    const surface = JSON.parse(readFileSync(path.join(repoRoot, 'test', 'cli', 'surface.json'), 'utf8')) as {
      commands: Record<string, { flags: Record<string, unknown> }>;
    };
    const withJson = Object.entries(surface.commands)
      .filter(([, command]) => 'json' in command.flags)
      .map(([id]) => id);
    expect(
      withJson.filter((id) => !Object.hasOwn(jsonOutputSchemas, id)),
      'commands without a schema',
    ).to.deep.equal([]);
    expect(
      Object.keys(jsonOutputSchemas).filter((id) => !withJson.includes(id)),
      'entries of no command',
    ).to.deep.equal([]);
    for (const [id, entry] of Object.entries(jsonOutputSchemas)) {
      for (const name of 'cli' in entry ? [`cli/${entry.cli}`] : entry.api)
        expect(ajv.getSchema(`${schemaIdBase}${name}.json`), `${id}: ${name}.json`).to.not.equal(undefined);
    }
    // A command's own schema is named after it; every schema of schemas/cli/ serves a command, or is a part of them.
    const own = Object.entries(jsonOutputSchemas).flatMap(([id, entry]): Array<[string, string]> => ('cli' in entry ? [[id, entry.cli]] : []));
    for (const [id, name] of own) expect(name, id).to.equal(id.replaceAll(' ', '-'));
    const parts = ['error', 'format-version', 'policy-finding', 'policy-plan-file'];
    const files = readdirSync(path.join(repoRoot, 'schemas', 'cli')).map((file) => file.replace(/\.json$/, ''));
    expect(files.filter((name) => !parts.includes(name) && !own.some(([, used]) => used === name))).to.deep.equal([]);
  });

  it('docs/cli-usage.md lists the schema of every command with --json, as the table has it', () => {
    const docs = readFileSync(path.join(repoRoot, 'docs', 'cli-usage.md'), 'utf8');
    const listed = new Map([...docs.matchAll(/^\| `acctl ([a-z -]+)` \| (.+) \|$/gm)].map((match) => [match[1]!, match[2]!]));
    for (const [id, entry] of Object.entries(jsonOutputSchemas)) {
      const names = 'cli' in entry ? [`schemas/cli/${entry.cli}.json`] : entry.api.map((name) => `schemas/${name}.json`);
      expect(listed.get(id), id).to.be.a('string');
      for (const name of names) expect(listed.get(id), id).to.include(name);
    }
  });

  it('the check of run-cli.ts finds the command of a run and refuses a document its schema does not allow', () => {
    expect(commandOfArgs(['policy', 'lint', 'policies', '--json'])).to.equal('policy lint');
    expect(commandOfArgs(['server', 'user', 'create', 'alice', '--json'])).to.equal('server user create');
    expect(commandOfArgs(['policy:get', 'x'])).to.equal('policy get');
    expect(commandOfArgs(['--json', 'frobnicate'])).to.equal(undefined);
    // An API answer, with format_version added: either of two schemas for policy get.
    expect(schemaProblems(['principal', 'get', 'x', '--json'], { format_version: '1', id: 'x' })).to.not.deep.equal([]);
    expect(schemaProblems(['config', 'use', 'staging', '--json'], { format_version: '1', current_profile: 'staging', known: true })).to.deep.equal([]);
    expect(schemaProblems(['config', 'use', 'staging', '--json'], { format_version: '1', current_profile: 'staging' })).to.not.deep.equal([]);
    expect(schemaProblems(['config', 'use', 'staging', '--json'], { current_profile: 'staging', known: true })).to.not.deep.equal([]);
    expect(schemaProblems(['whoami', '--json'], { format_version: '1', error: { code: 'nope' } })).to.not.deep.equal([]);
    // NDJSON (audit tail): each line on its own; a bare event, without format_version, is refused.
    expect(() => ndjsonLines(['audit', 'tail', '--json'], '{"id":"x","type":"policy.created"}\n')).to.throw(/does not match its schema/);
    expect(() => ndjsonLines(['audit', 'tail', '--json'], '{"format_version":"1","event":{},"names":{}}\n')).to.throw(/does not match its schema/);
    // A last line still being written is not read yet.
    expect(ndjsonLines(['audit', 'tail', '--json'], '{"format_version":"1","ev')).to.deep.equal([]);
  });

  it("the error schema's codes are exactly the failure codes of kit/src/errors.ts", () => {
    const schema = JSON.parse(readFileSync(path.join(repoRoot, 'schemas', 'cli', 'error.json'), 'utf8')) as {
      properties: { error: { properties: { code: { enum: string[] } } } };
    };
    const codes = Object.keys(exitCodes).filter((code) => code !== 'ok');
    expect(schema.properties.error.properties.code.enum).to.have.members(codes);
  });
});

describe('the published schemas of the CLI against the code they describe', () => {
  it("a finding's rule is one of the lint rules (cli/src/policy-files/lint-rules.ts), each of them", () => {
    const schema = JSON.parse(readFileSync(path.join(repoRoot, 'schemas', 'cli', 'policy-finding.json'), 'utf8')) as {
      properties: { rule: { enum: string[] } };
    };
    expect(schema.properties.rule.enum).to.have.members(Object.keys(lintRules));
  });
});
