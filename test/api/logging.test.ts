import { expect } from 'chai';
import { registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { basicAuthorization, bearer, formUrlEncode } from '../helpers/credentials.js';

/**
 * A whole session at debug level, captured: OAuth tokens (HTTP Basic and body secrets, right and
 * wrong), API tokens created, used, refreshed and revoked, and the mistakes clients make with
 * secrets (token in the URL, malformed bodies). No secret may appear anywhere in the log.
 */
describe('Logs never contain secrets', () => {
  const lines: string[] = [];
  const secrets = new Map<string, string>();
  let t: TestApp;

  /** Remembers a secret and the pieces of it that would still be a leak on their own. */
  function keep(label: string, value: string): void {
    secrets.set(label, value);
    if (value.split('.').length === 3) secrets.set(`${label} (JWT signature)`, value.split('.')[2]!);
    if (value.startsWith('acctl_')) secrets.set(`${label} (random part)`, value.slice('acctl_'.length, -6));
  }

  before(async () => {
    t = await startTestApp({ config: { logLevel: 'debug' }, buildOptions: { logStream: { write: (line: string) => void lines.push(line) } } });
    const client = await registerClient(t.app, ['admin:all'], { secret: 'Secret+with:odd%chars-0123456789abcdefghij' });
    keep('client secret', client.clientSecret);
    keep('client secret, form-urlencoded', formUrlEncode(client.clientSecret));
    const basic = basicAuthorization(client.clientId, client.clientSecret);
    keep('Basic credentials', basic.authorization.slice('Basic '.length));

    const viaBasic = await t.app.inject({ method: 'POST', url: '/v1/oauth/token', headers: { ...basic, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'grant_type=client_credentials&scope=admin:all' });
    expect(viaBasic.statusCode, viaBasic.body).to.equal(200);
    const accessToken = viaBasic.json().access_token as string;
    keep('access token (Basic)', accessToken);

    const viaBody = await t.app.inject({ method: 'POST', url: '/v1/oauth/token', payload: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret } });
    expect(viaBody.statusCode).to.equal(200);
    keep('access token (body)', viaBody.json().access_token);

    const wrongSecret = `${client.clientSecret}-almost`;
    keep('wrong client secret', wrongSecret);
    expect((await t.app.inject({ method: 'POST', url: '/v1/oauth/token', payload: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: wrongSecret } })).statusCode).to.equal(401);
    expect((await t.app.inject({ method: 'POST', url: '/v1/oauth/token', headers: { 'content-type': 'application/json' }, payload: `{"grant_type":"client_credentials","client_secret":"${client.clientSecret}",` })).statusCode).to.equal(400);

    const created = await t.app.inject({ method: 'POST', url: '/v1/auth/token', headers: bearer(accessToken), payload: { name: 'logged', scopes: ['admin:all'] } });
    expect(created.statusCode, created.body).to.equal(201);
    const apiToken = created.json().token as string;
    keep('API token', apiToken);

    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/token', headers: bearer(apiToken), payload: { name: 'made-by-api-token', scopes: ['read:audit'] } })).statusCode).to.equal(201);
    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/token', headers: bearer(apiToken), payload: { name: 'x', scopes: ['read:audit'], extra: apiToken } })).statusCode).to.equal(400);
    expect((await t.app.inject({ method: 'POST', url: `/v1/auth/refresh?access_token=${apiToken}`, headers: bearer(apiToken) })).statusCode).to.equal(400);
    expect((await t.app.inject({ method: 'GET', url: `/v1/no-such-route?access_token=${accessToken}&client_secret=${formUrlEncode(client.clientSecret)}` })).statusCode).to.equal(404);
    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/refresh', headers: bearer(`${accessToken.slice(0, -4)}AAAA`) })).statusCode).to.equal(401);

    const refreshed = await t.app.inject({ method: 'POST', url: '/v1/auth/refresh', headers: bearer(apiToken) });
    expect(refreshed.statusCode).to.equal(200);
    const newApiToken = refreshed.json().token as string;
    keep('refreshed API token', newApiToken);
    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/refresh', headers: bearer(apiToken) })).statusCode).to.equal(401);

    expect((await t.app.inject({ method: 'DELETE', url: '/v1/auth/revoke', headers: bearer(newApiToken), payload: { token: viaBody.json().access_token } })).statusCode).to.equal(200);
    expect((await t.app.inject({ method: 'DELETE', url: '/v1/auth/revoke', headers: bearer(newApiToken) })).statusCode).to.equal(200);
  });
  after(async () => t.close());

  it('captured the session: requests, responses and errors at debug level', () => {
    const text = lines.join('');
    expect(lines.length).to.be.greaterThan(20);
    expect(text).to.include('incoming request').and.include('request completed');
    expect(text).to.include('/v1/oauth/token').and.include('/v1/auth/token');
  });

  it('contains no client secret, access token or API token, whole or in telling pieces', () => {
    const text = lines.join('');
    for (const [label, value] of secrets) expect(text.includes(value), `${label} appears in the log`).to.equal(false);
  });

  it('logs URLs with token and secret query parameters redacted', () => {
    const urls = lines.map((line) => JSON.parse(line) as { req?: { url?: string } }).flatMap((entry) => (entry.req?.url ? [entry.req.url] : []));
    const withQuery = urls.filter((url) => url.includes('access_token='));
    expect(withQuery.length).to.be.greaterThan(0);
    for (const url of withQuery) expect(url).to.include('access_token=%5Bredacted%5D');
  });

  it('logs the clients\' mistakes (400, 401) below error level, each with its code', () => {
    const entries = lines.map((line) => JSON.parse(line) as { level: number; code?: string; msg?: string });
    const errorLines = entries.filter((entry) => entry.level >= 50);
    expect(errorLines, JSON.stringify(errorLines)).to.deep.equal([]);
    const codes = entries.flatMap((entry) => (entry.code ? [entry.code] : []));
    expect(codes).to.include.members(['invalid_client', 'malformed_body', 'validation_failed', 'token_in_query', 'invalid_token']);
  });

  it('carries the request id on the lines of a request', () => {
    const entries = lines.map((line) => JSON.parse(line) as { msg?: string; request_id?: string });
    const requestLines = entries.filter((entry) => entry.msg === 'incoming request' || entry.msg === 'request completed');
    expect(requestLines.length).to.be.greaterThan(0);
    for (const entry of requestLines) expect(entry.request_id).to.be.a('string');
  });
});
