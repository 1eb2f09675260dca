import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { ChildProcess } from 'node:child_process';
import { findFreePort } from '../../server/src/db/embedded-postgres.js';
import { freshDatabase } from '../helpers/database.js';
import { schemaProblems, spawnCli } from './run-cli.js';

describe('acctl server start --json', function () {
  this.timeout(120000);
  let child: ChildProcess | undefined;
  after(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.on('exit', resolve));
      child.kill('SIGINT');
      await exited;
    }
  });

  it('prints one JSON document once the server listens: where it is and which database it uses', async () => {
    const port = await findFreePort();
    const args = ['server', 'start', '--port', String(port), '--json'];
    child = spawnCli(args, {
      DATABASE_URL: await freshDatabase(),
      ACCTL_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      ACCTL_LOG_LEVEL: 'silent',
    });
    let stdout = '';
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const started = await new Promise<Record<string, unknown>>((resolve, reject) => {
      child!.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        try {
          resolve(JSON.parse(stdout) as Record<string, unknown>);
        } catch {
          // Not a whole document yet.
        }
      });
      child!.on('exit', (code) => reject(new Error(`server start exited ${code} before printing JSON:\n${stdout}\n${stderr}`)));
    });
    expect(schemaProblems(args, started), 'schemas/cli/server-start.json').to.deep.equal([]);
    expect(started).to.include({ api_url: `http://127.0.0.1:${port}/v1`, database: 'external', data_dir: null });
    expect((await fetch(`${started.api_url as string}/health`)).status).to.equal(200);
  });
});
