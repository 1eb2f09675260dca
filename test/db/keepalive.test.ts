import { execFileSync } from 'node:child_process';
import { expect } from 'chai';
import { startTestApp } from '../helpers/app.js';

/**
 * The server's connections to PostgreSQL (the pool's, the change feed's listener, the job queue's)
 * ask the kernel for TCP keepalive, so a peer that vanished is found dead without waiting for a
 * query to hang. Each connection is found by its port in pg_stat_activity, then in the kernel's
 * socket table (ss), which shows a keepalive timer on such sockets.
 */
describe('connections to PostgreSQL', () => {
  it('use TCP keepalive: the pool, the change feed and the job queue alike', async function () {
    const t = await startTestApp();
    try {
      const database = new URL(t.config.databaseUrl).pathname.slice(1);
      const { rows } = await t.app.db.raw<{ rows: Array<{ application_name: string; client_port: number }> }>(
        "SELECT application_name, client_port FROM pg_stat_activity WHERE datname = ? AND application_name IN ('acctl', 'acctl-listen', 'acctl-jobs') AND client_port IS NOT NULL",
        [database],
      );
      expect(new Set(rows.map((row) => row.application_name))).to.deep.equal(new Set(['acctl', 'acctl-listen', 'acctl-jobs']));
      let table: string;
      try {
        table = execFileSync('ss', ['-tnoH', 'state', 'established'], { encoding: 'utf8' });
      } catch {
        return this.skip();
      }
      // The client's end of each connection: its local address has the port PostgreSQL saw.
      const clientSocket = (port: number) => table.split('\n').find((line) => line.trim().split(/\s+/)[2]?.endsWith(`:${port}`));
      const withoutKeepalive = rows.filter(({ client_port }) => !clientSocket(client_port)?.includes('timer:(keepalive'));
      expect(withoutKeepalive, table).to.deep.equal([]);
    } finally {
      await t.close();
    }
  });
});
