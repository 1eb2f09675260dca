import { connect, type Socket } from 'node:net';
import { expect } from 'chai';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { eventually } from '../helpers/eventually.js';

interface LogLine {
  level: number;
  msg: string;
  req?: { url?: string };
  err?: { message?: string };
}

/**
 * Issue #34, finding 13: a client that closed its connection while its body was being read was
 * logged at error level as "request failed" (its ECONNRESET read as the database's), paging
 * operators for what nginx logs as a 499 at info level.
 */
describe('A client that aborts its request is logged below warn, never as a server failure', function () {
  this.timeout(30_000);
  const lines: LogLine[] = [];
  let t: TestApp;
  let port: number;
  let token: string;

  before(async () => {
    t = await startTestApp({
      listen: true,
      config: { logLevel: 'debug' },
      buildOptions: { logStream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) } },
    });
    port = Number(new URL(t.baseUrl).port);
    token = await accessToken(t.app, await registerClient(t.app, ['admin:all']));
  });
  after(() => t.close());

  /** A request whose head and the start of its body are sent, the rest never: the socket is kept to be destroyed. */
  const startRequest = (path: string, headers: Record<string, string>, bodyStart: string): Promise<Socket> =>
    new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        const head = Object.entries({ host: 'x', 'content-length': '4096', ...headers })
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('');
        socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n${bodyStart}`, () => resolve(socket));
      });
      socket.on('error', reject);
    });

  it('logs clients that close their connection mid-body, in parallel, at info level on OAuth and REST endpoints', async () => {
    const requests: Array<{ path: string; headers: Record<string, string>; body: string }> = [
      { path: '/v1/oauth/token', headers: { 'content-type': 'application/json' }, body: '{"grant_type":' },
      { path: '/v1/oauth/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_cre' },
      { path: '/v1/oauth/introspect', headers: { 'content-type': 'application/json' }, body: '{"token":"' },
      { path: '/v1/policies', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: '{"name":"half' },
    ];
    const mark = lines.length;
    const sockets = await Promise.all(requests.map(({ path, headers, body }) => startRequest(path, headers, body)));
    // The server has each request (its body is being read) before its client goes.
    await eventually(
      async () => (lines.slice(mark).filter((line) => line.msg === 'incoming request').length >= requests.length ? true : undefined),
      10_000,
      'the requests',
    );
    for (const socket of sockets) socket.destroy();
    const aborted = (line: LogLine): boolean => line.err?.message === 'aborted' || /closed its connection/.test(line.msg);
    const logged = await eventually(
      async () => {
        const found = lines.filter(aborted);
        return found.length >= requests.length ? found : undefined;
      },
      10_000,
      'a log line for each aborted request',
    );
    expect(
      logged.map((line) => line.level).filter((level) => level >= 40),
      'warn or error lines',
    ).to.deep.equal([]);
    expect(lines.filter((line) => line.level >= 50).map((line) => line.msg)).to.deep.equal([]);
  });

  it('logs a client that leaves before its body is read at all (here while its token is being checked)', async () => {
    // Held: the token check's query (accessTokenRefusal) waits on this lock, so the client is gone
    // before the body reader starts; that reader never hears of it, so only the abort hook can log it.
    const held = await t.app.db.transaction();
    try {
      await held.raw('LOCK TABLE revoked_access_tokens IN ACCESS EXCLUSIVE MODE');
      const fresh = await accessToken(t.app, await registerClient(t.app, ['admin:all']));
      const mark = lines.length;
      const socket = await startRequest('/v1/policies', { 'content-type': 'application/json', authorization: `Bearer ${fresh}` }, '{"name":"early');
      await eventually(async () => (lines.slice(mark).some((line) => line.msg === 'incoming request') ? true : undefined), 10_000, 'the request');
      socket.destroy();
      const logged = await eventually(
        async () => lines.slice(mark).find((line) => /closed its connection/.test(line.msg)),
        10_000,
        'a log line for the client that left',
      );
      expect(logged.level).to.be.below(40);
    } finally {
      await held.rollback();
    }
    expect(lines.filter((line) => line.level >= 50).map((line) => line.msg)).to.deep.equal([]);
  });
});
