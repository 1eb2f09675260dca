import http from 'node:http';
import net from 'node:net';
import { expect } from 'chai';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';

/** What a raw connection received, and when the server closed it (null: still open at the end of the wait). */
interface Outcome {
  answer: string;
  closedAfterMs: number | null;
}

/**
 * Writes `parts` on a raw connection to the app (each string at once, each number a pause of that
 * many ms), then waits up to `waitMs` for the server to close it.
 */
function rawRequest(t: TestApp, parts: Array<string | number>, waitMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const url = new URL(t.baseUrl);
    const socket = net.connect(Number(url.port), url.hostname);
    const started = performance.now();
    let answer = '';
    let closed = false;
    socket.on('data', (data) => (answer += data.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closed = true;
      resolve({ answer, closedAfterMs: performance.now() - started });
    });
    void (async () => {
      for (const part of parts) {
        if (closed) return;
        if (typeof part === 'string') socket.write(part);
        else await new Promise((wake) => setTimeout(wake, part));
      }
    })();
    setTimeout(() => {
      if (closed) return;
      socket.destroy();
      resolve({ answer, closedAfterMs: null });
    }, waitMs);
  });
}

/**
 * A client that stops sending must not hold a connection for ever (Fastify leaves Node's request
 * timeout off): with requestTimeoutMs, a request not received in time is answered 408
 * request_timeout, problem+json, and its connection closed; one that arrives in time, however
 * slowly, is answered as usual.
 */
describe('the request timeout (requestTimeoutMs)', function () {
  this.timeout(20_000);
  let t: TestApp;
  let token: string;
  before(async () => {
    t = await startTestApp({ listen: true, config: { requestTimeoutMs: 1000 } });
    token = await accessToken(t.app, await registerClient(t.app, ['write:policies']));
  });
  after(() => t.close());

  it('answers 408 problem+json and closes a request whose body stops coming, or that trickles past the timeout', async () => {
    const head = `POST /v1/policies HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`;
    const trickle = Array.from({ length: 40 }, () => [' ', 100] as const).flat();
    for (const parts of [[head, '{'], [head, ...trickle], ['GET /v1/health HTTP/1.1\r\nHost: x\r\n']]) {
      const outcome = await rawRequest(t, parts, 8000);
      expect(outcome.closedAfterMs, `still open; answer: ${outcome.answer.slice(0, 80)}`).not.to.equal(null);
      // The timeout (1 s) and Node's check interval (a tenth of it), with room for a loaded machine.
      expect(outcome.closedAfterMs!).to.be.within(900, 6000);
      expect(outcome.answer).to.match(/^HTTP\/1\.1 408 /);
      expect(outcome.answer).to.match(/\r\nconnection: close\r\n/i);
      expect(outcome.answer).to.include('application/problem+json').and.include('"code":"request_timeout"');
    }
  });

  it('closes the connection of a request answered before its body arrived (a 401), which the timeout no longer watches', async () => {
    const head = 'POST /v1/policies HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{';
    const outcome = await rawRequest(t, [head], 8000);
    expect(outcome.answer).to.match(/^HTTP\/1\.1 401 /);
    expect(outcome.answer).to.match(/\r\nconnection: close\r\n/i);
    expect(outcome.closedAfterMs, 'still open after the answer').not.to.equal(null);
    expect(outcome.closedAfterMs!).to.be.below(6000);
  });

  it('leaves nothing behind on a kept-alive connection: 200 bodies in a row on one socket, no listener piling up on it', async () => {
    const serverSockets: net.Socket[] = [];
    const onConnection = (socket: net.Socket): number => serverSockets.push(socket);
    t.app.server.on('connection', onConnection);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let n = 0; n < 200; n++) {
        const status = await new Promise<number>((resolve, reject) => {
          const request = http.request(
            `${t.baseUrl}/policies`,
            { method: 'POST', agent, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } },
            (response) => {
              response.resume();
              response.on('end', () => resolve(response.statusCode ?? 0));
            },
          );
          request.on('error', reject);
          request.end(JSON.stringify({ name: '' }));
        });
        expect(status).to.equal(400);
      }
      expect(serverSockets).to.have.length(1);
      // A 'close' listener per request would be 200 here (and Node's MaxListenersExceededWarning).
      expect(serverSockets[0]!.listenerCount('close')).to.be.below(10);
    } finally {
      t.app.server.off('connection', onConnection);
      agent.destroy();
    }
  });

  it('answers a request that arrives in time, however slowly, as usual', async () => {
    const outcome = await rawRequest(t, ['GET /v1/hea', 200, 'lth HTTP/1.1\r\nHost: x\r\n', 200, 'Connection: close\r\n\r\n'], 8000);
    expect(outcome.answer).to.match(/^HTTP\/1\.1 200 /);
  });
});
