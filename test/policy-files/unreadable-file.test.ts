import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { expect } from 'chai';
import { maxPolicyFileBytes } from '../../cli/src/policy-files/source.js';
import { runCli } from '../cli/run-cli.js';
import { aPolicyFile, policyFoldersOfSuite, runCliIn } from './support/policy-dirs.js';

describe('acctl policy lint on a file that is not text (binary, not UTF-8, huge)', () => {
  const folder = policyFoldersOfSuite();

  it('names each such file and the reason in one finding, prints none of its content, and still lints the others', async () => {
    const { dir, file } = folder({ 'good.yaml': aPolicyFile('good') });
    // A 40 KB binary whose bytes would otherwise be printed, with a marker that must never appear.
    writeFileSync(file('image.yaml'), Buffer.concat([Buffer.from('MARKER-BINARY\n'), Buffer.from([0, 1, 2]), randomBytes(40_000)]));
    writeFileSync(file('latin1.yaml'), Buffer.from('name: caf\xe9-MARKER-LATIN1\n', 'latin1'));
    writeFileSync(file('huge.yaml'), `name: huge\n# MARKER-HUGE ${'x'.repeat(maxPolicyFileBytes)}\n`);
    const [text, json] = await Promise.all([runCliIn(dir, ['policy', 'lint']), runCliIn(dir, ['policy', 'lint', '--json'])]);
    expect(text.exitCode).to.equal(1);
    expect(`${text.stdout}${text.stderr}`).to.not.match(/MARKER/);
    expect(text.stdout.length + text.stderr.length).to.be.below(2000);
    const findings = (json.json() as { findings: Array<{ file: string; rule: string; message: string }> }).findings;
    expect(findings.map(({ file: name, rule, message }) => [name, rule, message])).to.deep.equal([
      ['huge.yaml', 'unreadable-file', `not read: it is ${maxPolicyFileBytes + 26} bytes, over the ${maxPolicyFileBytes}-byte (1 MiB) limit of a policy file`],
      ['image.yaml', 'unreadable-file', 'not read: it is a binary file (it contains NUL bytes), not YAML'],
      ['latin1.yaml', 'unreadable-file', 'not read: it is not UTF-8 text'],
    ]);
  });

  it('names a binary piped to standard input the same way', async () => {
    const { dir } = folder({});
    const result = await runCli(['policy', 'lint', '-', '--json'], { cwd: dir, input: 'MARKER\u0000' });
    expect(result.exitCode).to.equal(1);
    expect(result.stdout).to.not.include('MARKER');
    expect((result.json() as { findings: Array<{ file: string; rule: string }> }).findings.map((finding) => [finding.file, finding.rule])).to.deep.equal([
      ['<stdin>', 'unreadable-file'],
    ]);
  });
});
