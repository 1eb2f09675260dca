import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { expectOAuthError, expectProblem } from '../helpers/responses.js';
import { expectSchema } from '../helpers/schemas.js';

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A raw HTTP/1.1 exchange on loopback until the server closes the connection: every response it wrote, whatever they are. */
function rawExchange(port: number, text: string): Promise<RawResponse[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(parseResponses(Buffer.concat(chunks).toString('utf8'))));
  });
}

/** The HTTP/1.1 responses in what a connection received. */
function parseResponses(received: string): RawResponse[] {
  let rest = received;
  const responses: RawResponse[] = [];
  while (rest.startsWith('HTTP/1.1')) {
    const headEnd = rest.indexOf('\r\n\r\n');
    const [statusLine = '', ...lines] = rest.slice(0, headEnd).split('\r\n');
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    const length = Number(headers['content-length'] ?? 0);
    responses.push({ status: Number(statusLine.split(' ')[1]), headers, body: rest.slice(headEnd + 4, headEnd + 4 + length) });
    rest = rest.slice(headEnd + 4 + length);
  }
  return responses;
}

/**
 * Issue #19, finding 11: answers the HTTP framework gives by itself (431 headers too large, a
 * wrong method) came in the framework's own body, or as a 404, without the rate-limit headers.
 */
describe('Security: framework answers come in the standard formats with the rate-limit headers', function () {
  this.timeout(30_000);
  let t: TestApp;
  let port: number;

  before(async () => {
    t = await startTestApp({ listen: true });
    port = Number(new URL(t.baseUrl).port);
  });
  after(() => t.close());

  it('answers headers over the size limit with 431 problem+json, a request id and the rate-limit headers', async () => {
    const answer = await new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/v1/health', headers: { 'x-padding': 'a'.repeat(20_000) } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).to.equal(431);
    expect(answer.headers['content-type']).to.equal('application/problem+json');
    const problem = JSON.parse(answer.body) as Record<string, unknown>;
    expectSchema('problem', problem);
    expect(problem).to.include({ status: 431, code: 'headers_too_large' });
    expect(problem.request_id).to.equal(answer.headers['x-request-id']);
    expect(answer.headers['ratelimit-policy']).to.match(/^"standard";q=\d+;w=60$/);
    expect(answer.headers['x-ratelimit-remaining']).to.match(/^\d+$/);
  });

  it('answers headers over the size limit on an OAuth endpoint with 431 and an RFC 6749 body', async () => {
    const [answer] = await rawExchange(port, `POST /v1/oauth/token HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(20_000)}\r\nContent-Length: 0\r\n\r\n`);
    if (!answer) throw new Error('no answer');
    expect(answer.status).to.equal(431);
    expect(answer.headers['content-type']).to.equal('application/json');
    expect(answer.headers['cache-control']).to.equal('no-store');
    expectSchema('oauth-error', JSON.parse(answer.body));
    expect(JSON.parse(answer.body).error).to.equal('invalid_request');
    expect(answer.headers['ratelimit-policy']).to.match(/^"standard";q=\d+;w=60$/);
  });

  it("answers malformed HTTP with 400 problem+json malformed_request, not the framework's body", async () => {
    const [answer] = await rawExchange(port, 'GET /v1/health HTTP/1.1\r\nHost: x\r\nbad header line\r\n\r\n');
    if (!answer) throw new Error('no answer');
    expect(answer.status).to.equal(400);
    expect(answer.headers['content-type']).to.equal('application/problem+json');
    expect(JSON.parse(answer.body)).to.include({ status: 400, code: 'malformed_request' });
    expect(answer.headers.ratelimit).to.match(/^"standard";r=\d+;t=\d+$/);
  });

  it('answers a method the endpoint does not take with 405, the Allow header and the rate-limit headers', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/health' });
    expectProblem(response, 405, 'method_not_allowed');
    expect(response.headers.allow).to.equal('GET, HEAD');
    expect(response.headers['ratelimit-policy']).to.be.a('string');
    const withParam = await t.app.inject({ method: 'PUT', url: '/v1/principals/some-id' });
    expectProblem(withParam, 405, 'method_not_allowed');
    expect(withParam.headers.allow).to.equal('DELETE, GET, HEAD, PATCH');
    expectProblem(await t.app.inject({ method: 'GET', url: '/v1/no-such-endpoint' }), 404, 'route_not_found');
  });

  it('answers a URL with broken percent-encoding with problem+json and the rate-limit headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/principals/%E0%A4%A' });
    expectProblem(response, 400, 'validation_failed');
    expect(response.headers['ratelimit-policy']).to.match(/^"standard";q=\d+;w=60$/);
  });

  it('answers a wrong method on the OAuth endpoints with an RFC 6749 body, status 405 and Allow', async () => {
    for (const url of ['/v1/oauth/token', '/v1/oauth/revoke', '/v1/oauth/introspect']) {
      const response = await t.app.inject({ method: 'GET', url });
      expectOAuthError(response, 405, 'invalid_request');
      expect(response.headers.allow).to.equal('POST');
      expect(response.headers['ratelimit-policy']).to.be.a('string');
    }
  });
});

/**
 * Issue #19, the rest of finding 11: a request that reached a closing server, on a connection it
 * already had, was answered in Fastify's own 503 body (return503OnClosing). A connection that is
 * busy with a request when close() is called stays open; what comes next on it meets the closing server.
 */
describe('Security: a closing server answers in the standard formats', function () {
  this.timeout(30_000);

  it('answers requests that arrive while it closes with 503 problem+json, or an RFC 6749 body on OAuth endpoints, and Retry-After', async () => {
    const t = await startTestApp({ listen: true });
    const port = Number(new URL(t.baseUrl).port);
    const body = JSON.stringify({ grant_type: 'client_credentials', client_id: 'nobody', client_secret: 'nothing' });
    const tokenRequest = (part: string) =>
      `POST /v1/oauth/token HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${part}`;
    // Each connection's first request holds back its body, so the connection is busy when the
    // server closes; the request sent after it on the same connection meets the closing server.
    const busy = async () => {
      const socket = connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => chunks.push(chunk));
      const ended = new Promise<RawResponse[]>((resolve) => socket.on('close', () => resolve(parseResponses(Buffer.concat(chunks).toString('utf8')))));
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(tokenRequest(body.slice(0, 10)));
      return { send: (next: string) => (socket.write(body.slice(10) + next), ended) };
    };
    const [first, second] = await Promise.all([busy(), busy()]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = t.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const [health, token] = await Promise.all([first.send('GET /v1/health HTTP/1.1\r\nhost: x\r\n\r\n'), second.send(tokenRequest(body))]);
    await closed;
    expect(health!.map((r) => r.status)).to.deep.equal([401, 503]);
    const problem = health![1]!;
    expect(problem.headers['content-type']).to.match(/^application\/problem\+json/);
    expect(JSON.parse(problem.body)).to.include({ status: 503, code: 'service_unavailable' });
    expect(problem.headers['retry-after']).to.equal('1');
    expect(problem.headers['x-ratelimit-remaining']).to.match(/^\d+$/);
    expect(problem.headers['x-request-id']).to.equal(JSON.parse(problem.body).request_id);
    expect(token!.map((r) => r.status)).to.deep.equal([401, 503]);
    const oauth = token![1]!;
    expect(oauth.headers['content-type']).to.match(/^application\/json/);
    expect(JSON.parse(oauth.body)).to.include({ error: 'temporarily_unavailable' });
    expect(oauth.headers['retry-after']).to.equal('1');
  });
});
