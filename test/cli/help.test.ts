import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { repoRoot, runCli } from './run-cli.js';

describe('acctl --version and --help', function () {
  this.timeout(60000);

  it('prints the package version', async () => {
    const { version } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };
    const result = await runCli(['--version']);
    expect(result.exitCode).to.equal(0);
    expect(result.stdout).to.match(new RegExp(`^acctl/${version.replaceAll('.', '\\.')} `));
  });

  it('lists the server commands, which come from the server package, under acctl server', async () => {
    const root = await runCli(['--help']);
    expect(root.exitCode).to.equal(0);
    expect(root.stdout).to.match(/^ {2}server +Run and administer an acctl server/m);
    const server = await runCli(['server', '--help']);
    expect(server.exitCode).to.equal(0);
    expect(server.stdout).to.include('$ acctl server [COMMAND]');
    for (const entry of ['client', 'keys', 'user', 'migrate', 'start']) expect(server.stdout).to.match(new RegExp(`^ {2}${entry} +[A-Z]`, 'm'));
    const topic = await runCli(['server', 'client', '--help']);
    expect(topic.stdout).to.include('$ acctl server client COMMAND');
  });

  it("shows a command's flags and examples", async () => {
    const result = await runCli(['server', 'client', 'create', '--help']);
    expect(result.exitCode).to.equal(0);
    expect(result.stdout).to.include('--name=<value>');
    expect(result.stdout).to.include('--json');
    expect(result.stdout).to.include('EXAMPLES');
  });

  it('refuses an unknown flag with exit code 2 and a one-line message', async () => {
    const result = await runCli(['server', 'client', 'list', '--frobnicate']);
    expect(result.exitCode).to.equal(2);
    expect(result.stderr.split('\n')[0]).to.equal('Error: Nonexistent flag: --frobnicate');
    expect(result.stderr).to.not.include('    at ');
  });

  it('takes -h for --help on every command, as gh, git and kubectl do (#34)', async () => {
    for (const args of [['-h'], ['policy', '-h'], ['policy', 'lint', '-h'], ['server', 'client', 'create', '-h']]) {
      const result = await runCli(args);
      expect(result.exitCode, `${args.join(' ')}: ${result.stderr}`).to.equal(0);
      expect(result.stdout, args.join(' ')).to.include('USAGE');
    }
  });

  it('suggests the flag meant for a mistyped one, each of several, with and without a value, and with --json (#34)', async () => {
    const human = await runCli(['policy', 'list', '--sttaus', 'active']);
    expect(human.exitCode).to.equal(2);
    expect(human.stderr).to.equal('Error: Nonexistent flag: --sttaus\n  Did you mean --status?\n  See more help with --help\n');
    const json = await runCli(['policy', 'list', '--sttaus=active', '--lmit', '3', '--json']);
    expect(json.exitCode).to.equal(2);
    expect(json.document<{ error: { suggestions: string[] } }>().error.suggestions).to.deep.equal([
      'Did you mean --status?',
      'Did you mean --limit?',
      'See more help with --help',
    ]);
    // Nothing near: no guess.
    const far = await runCli(['policy', 'list', '--frobnicate']);
    expect(far.stderr).to.not.include('Did you mean');
  });

  it('names the commands a topic-less command line means: acctl plan is acctl decision plan or acctl policy plan; a word many topics share names none (#34)', async () => {
    const plan = await runCli(['plan', 'policies/']);
    expect(plan.exitCode).to.equal(2);
    expect(plan.stderr).to.equal(
      'Error: Unknown command: acctl plan\n  Did you mean: acctl decision plan or acctl policy plan?\n  Run acctl --help to see the commands\n',
    );
    expect((await runCli(['rollback'])).stderr).to.include('Did you mean: acctl policy rollback?');
    expect((await runCli(['list'])).stderr).to.not.include('Did you mean');
  });
});
