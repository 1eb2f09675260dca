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
});
