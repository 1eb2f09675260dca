import { spawn } from 'node:child_process';
import { chmodSync, copyFileSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { eventually } from '../helpers/eventually.js';
import { acceptsConnections } from '../helpers/ports.js';
import { findFreePort } from '../../server/src/db/embedded-postgres.js';
import { cliEnv, repoRoot } from './run-cli.js';

/**
 * The README's "A five-minute tour" as a reader pastes it into a script: bash without job control,
 * so `kill %1` signals npm alone. Its first lines start the server with `npm start ... &`, a CLI
 * command calls it, and its stop line must leave nothing behind: no npm, no server, no PostgreSQL.
 * On a port other than 8080, as the README tells a reader whose 8080 is taken.
 */
describe('the README tour run as a script', function () {
  this.timeout(180_000);
  let checkout: string;

  before(() => {
    // What `npm start` and `npx acctl` need of a checkout; the tour's acctl.log and .acctl land here.
    checkout = mkdtempSync(path.join(os.tmpdir(), 'acctl-tour-'));
    // As root, the postgres user the embedded PostgreSQL runs as must enter it (docs/operations.md).
    chmodSync(checkout, 0o755);
    copyFileSync(path.join(repoRoot, 'package.json'), path.join(checkout, 'package.json'));
    for (const part of ['cli', 'node_modules']) symlinkSync(path.join(repoRoot, part), path.join(checkout, part));
  });

  after(async () => {
    // Whatever failed: nothing of the tour left running on the folder about to be removed.
    for (const { pid, postgres } of tourProcesses(checkout)) {
      try {
        process.kill(pid, postgres ? 'SIGINT' : 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    await eventually(async () => (tourProcesses(checkout).length === 0 ? true : undefined), 30_000).catch(() => undefined);
    rmSync(checkout, { recursive: true, force: true });
  });

  it('on a port other than 8080, the CLI reaches the server through ACCTL_SERVER, and the stop line frees the port and stops its PostgreSQL', async () => {
    const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const tour = readme.slice(readme.indexOf('## A five-minute tour'), readme.indexOf('\n## ', readme.indexOf('## A five-minute tour')));
    const blocks = [...tour.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!);
    const start = blocks[0]!;
    expect(start).to.include('npm start');
    const listPrincipals = tour.split('\n').find((line) => line.startsWith('npx acctl principal list'));
    expect(listPrincipals, 'the tour lists principals with the CLI').to.not.equal(undefined);
    const stop = /Stop the server with `([^`]+)`/.exec(tour)?.[1];
    expect(stop, 'the tour says how to stop the server').to.not.equal(undefined);

    // "when 8080 is taken, change both": the reader's edit, and ours (other tests run beside this one).
    const port = await findFreePort();
    const script = [start.replaceAll('8080', String(port)), `${listPrincipals!}; listed=$?`, stop!, 'exit $listed', ''].join('\n');
    expect(script, 'nothing of the tour calls 8080 after the edit').to.not.include('8080');

    const bash = spawn('bash', ['-c', script], { cwd: checkout, env: cliEnv(), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    bash.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    bash.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const exitCode = await new Promise<number | null>((resolve) => bash.on('exit', (code) => resolve(code)));
    expect(exitCode, `the CLI reached the server on ${port}:\n${output}`).to.equal(0);

    // The stop line returns at once; the server finishes its requests, then stops PostgreSQL.
    const left = await eventually(async () => (tourProcesses(checkout).length === 0 && !(await acceptsConnections(port)) ? true : undefined), 30_000).then(
      () => [],
      () => tourProcesses(checkout).map((process) => process.command),
    );
    expect(left, `nothing of the tour runs after \`${stop!}\`\n${readFileSync(path.join(checkout, 'acctl.log'), 'utf8')}`).to.deep.equal([]);
    expect(await acceptsConnections(port), 'the port is free').to.equal(false);
  });
});

/** The processes of the tour in `checkout`: those working in it (npm, the server), and PostgreSQL of its data folder (run from /). */
function tourProcesses(checkout: string): Array<{ pid: number; command: string; postgres: boolean }> {
  const found: Array<{ pid: number; command: string; postgres: boolean }> = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim();
      // A zombie (empty command line) runs no more.
      if (command === '') continue;
      const postgres = command.includes(` -D ${path.join(checkout, '.acctl', 'postgres')} `);
      if (postgres || readlinkSync(`/proc/${entry}/cwd`) === checkout) found.push({ pid: Number(entry), command, postgres });
    } catch {
      // Ended while we looked, or not ours to read.
    }
  }
  return found;
}
