import { execFileSync } from 'node:child_process';
import { createWriteStream, truncateSync, writeFileSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { expect } from 'chai';
import { maxPolicyFileBytes } from '../../cli/src/policy-files/source.js';
import { aPolicyFile, policyFoldersOfSuite } from '../policy-files/support/policy-dirs.js';
import { cliResult, runCli, spawnCli, type CliResult } from './run-cli.js';

/**
 * Every file a command reads because a person named it is read to its limit and one byte more, never
 * further: /dev/zero, a FIFO or a pipe on stdin that never ends have no size to check first, and read
 * whole they grew the process without end.
 */
describe('inputs without a size (devices, FIFOs, endless stdin) are read only up to their limit', function () {
  this.timeout(60_000);
  const folder = policyFoldersOfSuite();
  const overPolicyLimit = `not read: it is over the ${maxPolicyFileBytes}-byte (1 MiB) limit of a policy file`;

  /** Writes YAML-looking lines to `stream` until it refuses them (the CLI closed it, or ended). */
  const feedForever = (stream: Writable): void => {
    const chunk = Buffer.from('key: value that never ends\n'.repeat(2048));
    stream.on('error', () => {});
    const write = (): void => {
      while (!stream.destroyed && stream.write(chunk));
      if (!stream.destroyed) stream.once('drain', write);
    };
    write();
  };

  /**
   * Runs `acctl ...args`, its stdin fed forever when `endlessStdin`. The hang guard kills a run that
   * never ends (what reading an endless input did), so the test fails on its exit code instead of
   * leaving a process growing.
   */
  const run = (args: readonly string[], options: { cwd?: string; endlessStdin?: boolean } = {}): Promise<CliResult> => {
    const child = spawnCli(args, {}, options.cwd);
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    if (options.endlessStdin) feedForever(child.stdin!);
    else child.stdin!.end();
    const hangGuard = setTimeout(() => child.kill('SIGKILL'), 30_000);
    return new Promise((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (exitCode) => {
        clearTimeout(hangGuard);
        resolve(cliResult(exitCode, stdout, stderr, args));
      });
    });
  };

  const findingsOf = (result: CliResult): Array<[string, string, string]> =>
    result.json<{ findings: Array<{ file: string; rule: string; message: string }> }>().findings.map(({ file, rule, message }) => [file, rule, message]);

  it('acctl policy lint /dev/zero names it in one unreadable-file finding', async () => {
    const result = await run(['policy', 'lint', '/dev/zero', '--json']);
    expect(result.exitCode, result.stderr).to.equal(1);
    expect(findingsOf(result)).to.deep.equal([['/dev/zero', 'unreadable-file', overPolicyLimit]]);
  });

  it('acctl policy lint - with a stdin that never ends stops reading it and names <stdin>', async () => {
    const result = await run(['policy', 'lint', '-', '--json'], { cwd: folder({}).dir, endlessStdin: true });
    expect(result.exitCode, result.stderr).to.equal(1);
    expect(findingsOf(result)).to.deep.equal([['<stdin>', 'unreadable-file', overPolicyLimit]]);
    expect(result.stdout).to.not.include('never ends');
  });

  it('acctl policy lint FIFO, its writer never stopping, names the FIFO', async () => {
    const { dir, file } = folder({});
    execFileSync('mkfifo', [file('endless.yaml')]);
    const writer = createWriteStream(file('endless.yaml'));
    writer.on('open', () => feedForever(writer));
    try {
      const result = await run(['policy', 'lint', 'endless.yaml', '--json'], { cwd: dir });
      expect(result.exitCode, result.stderr).to.equal(1);
      expect(findingsOf(result)).to.deep.equal([['endless.yaml', 'unreadable-file', overPolicyLimit]]);
    } finally {
      writer.destroy();
    }
  });

  it('acctl policy test and fmt name /dev/zero the same way, and fmt writes nothing', async () => {
    const [tested, formatted] = await Promise.all([run(['policy', 'test', '/dev/zero', '--json']), run(['policy', 'fmt', '/dev/zero', '--json'])]);
    for (const result of [tested, formatted]) {
      expect(result.exitCode, result.stderr).to.equal(1);
      expect(findingsOf(result)).to.deep.equal([['/dev/zero', 'unreadable-file', overPolicyLimit]]);
    }
  });

  it('acctl policy fmt - with a stdin that never ends prints none of it and names <stdin>', async () => {
    const result = await run(['policy', 'fmt', '-'], { cwd: folder({}).dir, endlessStdin: true });
    expect(result.exitCode, result.stderr).to.equal(1);
    expect(result.stdout).to.equal('');
    expect(result.stderr).to.include(`<stdin>:1:1 error ${overPolicyLimit} (unreadable-file)`);
    expect(result.stderr).to.not.include('never ends');
  });

  it('the files of requests of decision batch, policy simulate and decision evaluate are refused past their limit', async () => {
    const results = await Promise.all([
      run(['decision', 'batch', '--file', '/dev/zero', '--json']),
      run(['decision', 'evaluate', '--request', '-', '--json'], { endlessStdin: true }),
      run(['policy', 'simulate', '--policy', 'any', '--requests', '/dev/zero', '--json']),
    ]);
    expect(results.map((result) => [result.exitCode, result.json<{ error: { message: string } }>().error.message])).to.deep.equal([
      [2, '--file: /dev/zero is not read: it is over the 33554432-byte (32 MiB) limit'],
      [2, '--request: stdin is not read: it is over the 33554432-byte (32 MiB) limit'],
      // simulate gates CI: 1 for any error.
      [1, '--requests: /dev/zero is not read: it is over the 33554432-byte (32 MiB) limit'],
    ]);
  });

  it('acctl policy apply refuses a saved plan over 64 MiB without reading it', async () => {
    const { file } = folder({});
    writeFileSync(file('plan.json'), '');
    truncateSync(file('plan.json'), 70 * 1_048_576);
    const result = await run(['policy', 'apply', file('plan.json'), '--json']);
    expect(result.exitCode, result.stderr).to.equal(2);
    expect(result.json<{ error: { message: string } }>().error.message).to.equal(
      `${file('plan.json')} is not read: it is ${70 * 1_048_576} bytes, over the 67108864-byte (64 MiB) limit of a saved plan; nothing was sent`,
    );
  });
});

describe('the excerpt of a finding on a very long line', () => {
  const folder = policyFoldersOfSuite();
  const run = (dir: string, extra: string[]): Promise<CliResult> => runCli(['policy', 'lint', dir, ...extra]);

  it('shows about 200 characters around the column, marked … where cut, in the human and JSON reports', async () => {
    const long = `${'x'.repeat(450_000)}MARKER-NEAR${'y'.repeat(450_000)}`;
    // A second `name`, 900 KB long: a duplicate key, found at its start.
    const { dir } = folder({ 'long.yaml': `${aPolicyFile('long')}\nname: ${long}\n` });
    const [human, json] = await Promise.all([run(dir, []), run(dir, ['--json'])]);
    expect(human.exitCode).to.equal(1);
    expect(human.stdout.length + human.stderr.length, human.stdout.slice(0, 2000)).to.be.below(3000);
    const excerpts = json.json<{ findings: Array<{ excerpt: string }> }>().findings.map((finding) => finding.excerpt);
    expect(excerpts).to.not.be.empty;
    for (const excerpt of excerpts) for (const line of excerpt.split('\n')) expect(line.length, line).to.be.below(220);
    expect(excerpts.filter((excerpt) => excerpt.includes('…'))).to.not.be.empty;
  });

  it('places the caret under the column it names, in the middle of a long line', async () => {
    const line = `description: "${'a'.repeat(100_000)}\\q${'b'.repeat(100_000)}"`;
    const { dir } = folder({ 'escape.yaml': `${aPolicyFile('escape')}\n${line}\n` });
    const result = await run(dir, ['--json']);
    const finding = result.json<{ findings: Array<{ col: number; excerpt: string }> }>().findings[0]!;
    const [text, carets] = finding.excerpt.split('\n') as [string, string];
    const caretAt = carets.indexOf('^');
    // The character under the caret is the one at the finding's column.
    expect(text.slice(caretAt, caretAt + 2), finding.excerpt).to.equal(line.slice(finding.col - 1, finding.col + 1));
    expect(text.length).to.be.below(220);
  });
});
