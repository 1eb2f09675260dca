import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { delay } from '../helpers/http.js';
import { callOnNewConnection, startClusterServer, until, workerPids, type ClusterServer, killLeftovers } from './cluster-server.js';

/** `--workers 2` without a database URL: the primary runs the embedded PostgreSQL for its workers. */
describe('acctl server start --workers 2 with the embedded database', function () {
  this.timeout(180_000);
  let dataDir: string;
  let server: ClusterServer | undefined;
  const postmasterPid = (): string => path.join(dataDir, 'postgres', 'postmaster.pid');

  before(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'acctl-cluster-embedded-'));
    // The `postgres` system user the embedded database runs as (we may be root) must enter it.
    chmodSync(dataDir, 0o755);
  });
  after(async () => {
    killLeftovers(server);
    if (existsSync(postmasterPid())) {
      try {
        process.kill(Number(readFileSync(postmasterPid(), 'utf8').split('\n')[0]), 'SIGINT');
      } catch {
        // Already gone.
      }
      await delay(2000);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves from both workers on the database the primary started, and on SIGTERM stops them, then PostgreSQL, and exits 0', async () => {
    server = await startClusterServer({ dataDir, workers: 2 });
    expect(server.started).to.include({ database: 'embedded', data_dir: dataDir, workers: 2 });
    expect(existsSync(postmasterPid()), 'PostgreSQL runs').to.equal(true);
    for (let n = 0; n < 4; n++) expect((await callOnNewConnection(`${server.baseUrl}/ready`, { requestId: `ready-${n}` })).status).to.equal(200);
    const workers = workerPids(server.primary.pid!);
    expect(workers).to.have.lengthOf(2);
    server.primary.kill('SIGTERM');
    expect(await server.exited).to.deep.equal({ code: 0, signal: null });
    // PostgreSQL removes its postmaster.pid as its last act of a clean shutdown.
    await until('PostgreSQL has stopped', () => !existsSync(postmasterPid()), 30_000);
    expect(workers.filter((pid) => existsSync(`/proc/${pid}`))).to.deep.equal([]);
  });
});
