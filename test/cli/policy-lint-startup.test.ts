import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { LintJson } from '../../cli/src/policy-files/report/json.js';
import { policyFoldersOfSuite } from '../policy-files/support/policy-dirs.js';
import { repoRoot, runCli } from './run-cli.js';

/** The inputs of each bundled file (cli/dist), from the build's metafile (scripts/build-packages.ts). */
function bundledInputs(): Map<string, string[]> {
  const metafile = JSON.parse(readFileSync(path.join(repoRoot, 'node_modules', '.cache', 'acctl', 'cli-metafile.json'), 'utf8')) as {
    outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
  };
  return new Map(
    Object.entries(metafile.outputs).map(([output, { inputs }]) => [
      path.resolve(repoRoot, output),
      Object.entries(inputs)
        .filter(([, input]) => input.bytesInOutput > 0)
        .map(([input]) => input),
    ]),
  );
}

describe('acctl policy lint at start (issue #21)', function () {
  this.timeout(60_000);
  const folder = policyFoldersOfSuite();
  const probe = path.join(repoRoot, 'test', 'cli', 'probe', 'record-modules.mjs');

  it('checks a policy, a test file and acctl.yaml with precompiled validators, without loading a schema compiler', async () => {
    const { dir } = folder({
      'acctl.yaml': 'owner: platform\nserver: ftp://acctl.example.com\nfiles: ["*.yaml"]\n',
      'db.yaml':
        'name: db-read\nrules:\n  - effect: allow\n    principals: {type: USER}\n    resources: {type: database, identifiers: ["prod-*"]}\n    acitons: [read]\n',
      'db.test.yaml':
        'name: db\nprincipals: {alice: {type: USER}}\nresources: {prod: {type: database, identifier: prod-1}}\ntests:\n  - {name: t, principals: [alice], resources: [prod], actions: [read], expect: alow}\n',
    });
    const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'acctl-probe-')), 'modules.txt');
    const result = await runCli(['policy', 'lint', dir, '--format', 'json'], {
      env: { NODE_OPTIONS: `--import ${probe}`, ACCTL_MODULE_PROBE_OUT: out },
      process: true,
    });

    expect(result.exitCode, result.stderr).to.equal(1);
    const findings = result
      .json<LintJson>()
      .findings.map((finding) => `${path.basename(finding.file)}:${finding.line}:${finding.col} ${finding.rule}: ${finding.message}`);
    expect(findings).to.deep.equal([
      'acctl.yaml:2:9 invalid-value: `server` is "ftp://acctl.example.com": it must match ^https?:// (URL of the acctl server the policies are applied to (when no environment is chosen))',
      'db.test.yaml:5:80 invalid-value: `tests[0].expect` must be one of allow, deny, not "alow"; did you mean `allow`?',
      'db.yaml:6:5 unknown-field: unknown field `acitons`; did you mean `actions`?',
    ]);

    const loaded = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .filter((url) => url.startsWith('file:'))
      .map((url) => fileURLToPath(url));
    const inputs = bundledInputs();
    const loadedInputs = loaded.flatMap((file) => inputs.get(file) ?? []);
    expect(loaded, 'the probe sees the bundle').to.include(path.join(repoRoot, 'cli', 'dist', 'run.js'));
    expect(loadedInputs).to.include('core/src/generated/schema-validators.ts');
    // Ajv's runtime helpers (ajv/dist/runtime/) are what precompiled code calls; the rest of Ajv is its compiler.
    expect(loadedInputs.filter((input) => /(^|\/)node_modules\/ajv\/(?!dist\/runtime\/)/.test(input))).to.deep.equal([]);
  });
});
