import { expect } from 'chai';
import { registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { basicAuthorization, bearer, formUrlEncode } from '../helpers/credentials.js';
import { authorizationCode, authorizePath, createTestUser, elementText, inputValue, PageAgent, pkcePair, signIn } from '../oauth/support/user-agent.js';

/** Secrets a test used, with the pieces of each that would still be a leak on their own. */
class SecretsUsed extends Map<string, string> {
  keep(label: string, value: string): void {
    this.set(label, value);
    if (value.split('.').length === 3) this.set(`${label} (JWT signature)`, value.split('.')[2]!);
    if (value.startsWith('acctl_')) this.set(`${label} (random part)`, value.slice('acctl_'.length, -6));
    if (value.startsWith('whsec_')) this.set(`${label} (key)`, value.slice('whsec_'.length));
  }

  /** Fails naming every secret found in the text. */
  expectNoneIn(text: string): void {
    const leaked = [...this].filter(([, value]) => text.includes(value)).map(([label]) => label);
    expect(leaked, 'secrets that appear in the log').to.deep.equal([]);
  }
}

/** A log captured line by line at debug level. */
function capturedLog(): { lines: string[]; logStream: { write(line: string): void } } {
  const lines: string[] = [];
  return { lines, logStream: { write: (line: string) => void lines.push(line) } };
}

/**
 * A whole session at debug level, captured: OAuth tokens (HTTP Basic and body secrets, right and
 * wrong), API tokens created, used, refreshed and revoked, and the mistakes clients make with
 * secrets (token in the URL, malformed bodies). No secret may appear anywhere in the log.
 */
describe('Logs never contain secrets', () => {
  const { lines, logStream } = capturedLog();
  const secrets = new SecretsUsed();
  const keep = (label: string, value: string) => secrets.keep(label, value);
  let t: TestApp;

  before(async () => {
    t = await startTestApp({ config: { logLevel: 'debug' }, buildOptions: { logStream } });
    const client = await registerClient(t.app, ['admin:all'], { secret: 'Secret+with:odd%chars-0123456789abcdefghij' });
    keep('client secret', client.clientSecret);
    keep('client secret, form-urlencoded', formUrlEncode(client.clientSecret));
    const basic = basicAuthorization(client.clientId, client.clientSecret);
    keep('Basic credentials', basic.authorization.slice('Basic '.length));

    const viaBasic = await t.app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      headers: { ...basic, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials&scope=admin:all',
    });
    expect(viaBasic.statusCode, viaBasic.body).to.equal(200);
    const accessToken = viaBasic.json().access_token as string;
    keep('access token (Basic)', accessToken);

    const viaBody = await t.app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      payload: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret },
    });
    expect(viaBody.statusCode).to.equal(200);
    keep('access token (body)', viaBody.json().access_token);

    const wrongSecret = `${client.clientSecret}-almost`;
    keep('wrong client secret', wrongSecret);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/oauth/token',
          payload: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: wrongSecret },
        })
      ).statusCode,
    ).to.equal(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/oauth/token',
          headers: { 'content-type': 'application/json' },
          payload: `{"grant_type":"client_credentials","client_secret":"${client.clientSecret}",`,
        })
      ).statusCode,
    ).to.equal(400);

    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/token',
      headers: bearer(accessToken),
      payload: { name: 'logged', scopes: ['admin:all'] },
    });
    expect(created.statusCode, created.body).to.equal(201);
    const apiToken = created.json().token as string;
    keep('API token', apiToken);

    expect(
      (await t.app.inject({ method: 'POST', url: '/v1/auth/token', headers: bearer(apiToken), payload: { name: 'made-by-api-token', scopes: ['read:audit'] } }))
        .statusCode,
    ).to.equal(201);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/auth/token',
          headers: bearer(apiToken),
          payload: { name: 'x', scopes: ['read:audit'], extra: apiToken },
        })
      ).statusCode,
    ).to.equal(400);
    expect((await t.app.inject({ method: 'POST', url: `/v1/auth/refresh?access_token=${apiToken}`, headers: bearer(apiToken) })).statusCode).to.equal(400);
    expect(
      (await t.app.inject({ method: 'GET', url: `/v1/no-such-route?access_token=${accessToken}&client_secret=${formUrlEncode(client.clientSecret)}` }))
        .statusCode,
    ).to.equal(404);
    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/refresh', headers: bearer(`${accessToken.slice(0, -4)}AAAA`) })).statusCode).to.equal(401);

    const refreshed = await t.app.inject({ method: 'POST', url: '/v1/auth/refresh', headers: bearer(apiToken) });
    expect(refreshed.statusCode).to.equal(200);
    const newApiToken = refreshed.json().token as string;
    keep('refreshed API token', newApiToken);
    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/refresh', headers: bearer(apiToken) })).statusCode).to.equal(401);

    expect(
      (await t.app.inject({ method: 'DELETE', url: '/v1/auth/revoke', headers: bearer(newApiToken), payload: { token: viaBody.json().access_token } }))
        .statusCode,
    ).to.equal(200);
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
    secrets.expectNoneIn(lines.join(''));
  });

  it('logs URLs with token and secret query parameters redacted', () => {
    const urls = lines.map((line) => JSON.parse(line) as { req?: { url?: string } }).flatMap((entry) => (entry.req?.url ? [entry.req.url] : []));
    const withQuery = urls.filter((url) => url.includes('access_token='));
    expect(withQuery.length).to.be.greaterThan(0);
    for (const url of withQuery) expect(url).to.include('access_token=%5Bredacted%5D');
  });

  it("logs the clients' mistakes (400, 401) below error level, each with its code", () => {
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

/**
 * Issue #10: one whole life of the service's secrets at debug level: a user's password at sign-in,
 * a client registered on the dashboard, client_credentials with HTTP Basic, the authorization-code
 * flow with PKCE through the sign-in and consent pages, a replayed code, refresh, revocation, an API
 * token made and used, and a webhook with its signing secret. Each secret is then looked for.
 */
describe('Logs of a full OAuth flow never contain secrets', () => {
  const { lines, logStream } = capturedLog();
  const secrets = new SecretsUsed();
  let t: TestApp;

  before(async () => {
    t = await startTestApp({ config: { logLevel: 'debug', webhooksAllowHttp: true, webhooksAllowPrivateNetworks: true }, buildOptions: { logStream } });
    const admin = await createTestUser(t.app, { admin: true });
    secrets.keep('password', admin.password);
    const browser = new PageAgent(t.app);
    await signIn(browser, admin);

    // Client registration on the dashboard: the secret is shown once, in the page.
    const dashboard = await browser.get('/v1/ui/dashboard');
    secrets.keep('CSRF token', inputValue(dashboard.body, 'csrf_token'));
    const registered = await browser.postForm('/v1/ui/dashboard/clients', {
      csrf_token: inputValue(dashboard.body, 'csrf_token'),
      name: 'logged app',
      client_type: 'confidential',
      grant_types: ['authorization_code', 'refresh_token', 'client_credentials'],
      redirect_uris: 'https://app.example.com/callback',
      scopes: ['read:policies', 'admin:all'],
    });
    expect(registered.statusCode, registered.body).to.equal(200);
    const client = {
      clientId: elementText(registered.body, 'client-id'),
      clientSecret: elementText(registered.body, 'client-secret'),
      redirectUri: 'https://app.example.com/callback',
    };
    secrets.keep('client secret', client.clientSecret);
    secrets.keep('Basic credentials', basicAuthorization(client.clientId, client.clientSecret).authorization.slice('Basic '.length));

    const credentials = await t.app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      headers: { ...basicAuthorization(client.clientId, client.clientSecret), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials&scope=admin:all',
    });
    expect(credentials.statusCode, credentials.body).to.equal(200);
    const adminToken = credentials.json().access_token as string;
    secrets.keep('access token (client_credentials)', adminToken);

    // Authorization code with PKCE, from a browser with no session: authorize, the sign-in page
    // (return_to carries the whole request, state included), sign-in, consent. The code and
    // state travel in URLs.
    const { verifier, challenge } = pkcePair();
    secrets.keep('code_verifier', verifier);
    const state = `state-${verifier.slice(0, 12)}`;
    secrets.keep('state', state);
    const request = {
      response_type: 'code',
      client_id: client.clientId,
      redirect_uri: client.redirectUri,
      scope: 'read:policies',
      state,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    };
    const user = new PageAgent(t.app);
    const toSignIn = await user.get(authorizePath(request));
    expect(toSignIn.statusCode).to.equal(303);
    const signInPage = await user.get(toSignIn.headers.location as string);
    const signedIn = await user.postForm('/v1/ui/sign-in', {
      csrf_token: inputValue(signInPage.body, 'csrf_token'),
      username: admin.username,
      password: admin.password,
      return_to: inputValue(signInPage.body, 'return_to'),
    });
    expect(signedIn.statusCode, signedIn.body).to.equal(303);
    for (const [name, value] of user.cookies) secrets.keep(`session cookie ${name}`, value);
    const code = await authorizationCode(user, request);
    secrets.keep('authorization code', code);
    const redeem = () =>
      t.app.inject({
        method: 'POST',
        url: '/v1/oauth/token',
        payload: {
          grant_type: 'authorization_code',
          code,
          redirect_uri: client.redirectUri,
          code_verifier: verifier,
          client_id: client.clientId,
          client_secret: client.clientSecret,
        },
      });
    const issued = await redeem();
    expect(issued.statusCode, issued.body).to.equal(200);
    secrets.keep('access token (authorization_code)', issued.json().access_token);
    secrets.keep('refresh token (authorization_code)', issued.json().refresh_token);
    expect((await redeem()).statusCode, 'a replayed code is refused').to.equal(400);

    const code2 = await authorizationCode(browser, {
      response_type: 'code',
      client_id: client.clientId,
      redirect_uri: client.redirectUri,
      scope: 'read:policies',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    secrets.keep('second authorization code', code2);
    const second = await t.app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      payload: {
        grant_type: 'authorization_code',
        code: code2,
        redirect_uri: client.redirectUri,
        code_verifier: verifier,
        client_id: client.clientId,
        client_secret: client.clientSecret,
      },
    });
    expect(second.statusCode, second.body).to.equal(200);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      payload: { grant_type: 'refresh_token', refresh_token: second.json().refresh_token, client_id: client.clientId, client_secret: client.clientSecret },
    });
    expect(refreshed.statusCode, refreshed.body).to.equal(200);
    secrets.keep('refresh token (rotated)', second.json().refresh_token);
    secrets.keep('access token (refreshed)', refreshed.json().access_token);
    secrets.keep('refresh token (refreshed)', refreshed.json().refresh_token);
    const revoked = await t.app.inject({
      method: 'POST',
      url: '/v1/oauth/revoke',
      headers: basicAuthorization(client.clientId, client.clientSecret),
      payload: { token: refreshed.json().refresh_token, token_type_hint: 'refresh_token' },
    });
    expect(revoked.statusCode, revoked.body).to.equal(200);

    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/token',
      headers: bearer(adminToken),
      payload: { name: 'logged', scopes: ['admin:all'] },
    });
    expect(created.statusCode, created.body).to.equal(201);
    const apiToken = created.json().token as string;
    secrets.keep('API token', apiToken);
    expect((await t.app.inject({ method: 'GET', url: '/v1/policies', headers: bearer(apiToken) })).statusCode).to.equal(200);

    const webhook = await t.app.inject({
      method: 'POST',
      url: '/v1/webhooks',
      headers: bearer(apiToken),
      payload: { url: 'http://127.0.0.1:9/hook', event_types: ['policy.created'] },
    });
    expect(webhook.statusCode, webhook.body).to.equal(201);
    secrets.keep('webhook signing secret', webhook.json().secret);
  });
  after(async () => t.close());

  it('captured every step of the flow at debug level', () => {
    const text = lines.join('');
    for (const path of [
      '/v1/ui/sign-in',
      '/v1/ui/dashboard/clients',
      '/v1/oauth/authorize',
      '/v1/oauth/token',
      '/v1/oauth/revoke',
      '/v1/auth/token',
      '/v1/webhooks',
    ])
      expect(text).to.include(path);
    expect(secrets.size).to.be.greaterThan(15);
  });

  it('contains no password, session, client secret, code, code_verifier, access, refresh or API token, nor webhook secret', () => {
    secrets.expectNoneIn(lines.join(''));
  });

  it("logs the sign-in page's return_to with the authorization request in it redacted, and the rest kept", () => {
    const urls = lines
      .map((line) => JSON.parse(line) as { req?: { url?: string } })
      .flatMap((entry) => (entry.req?.url?.startsWith('/v1/ui/sign-in?') ? [entry.req.url] : []));
    expect(urls.length).to.be.greaterThan(0);
    for (const url of urls) {
      const returnTo = new URLSearchParams(url.slice(url.indexOf('?') + 1)).get('return_to')!;
      const request = new URLSearchParams(returnTo.slice(returnTo.indexOf('?') + 1));
      expect(returnTo.startsWith('/v1/oauth/authorize?'), returnTo).to.equal(true);
      expect(request.get('state')).to.equal('[redacted]');
      expect(request.get('response_type')).to.equal('code');
    }
  });
});

describe('Log lines of errors', () => {
  it("carry the error's code as error_code (ECONNRESET, 57P01), while any member named code stays redacted", async () => {
    const { default: pino } = await import('pino');
    const { loggerOptions } = await import('../../server/src/logging.js');
    const { lines, logStream } = capturedLog();
    const options = loggerOptions({ logLevel: 'info' }, logStream as never) as Parameters<typeof pino>[0] & { stream: Parameters<typeof pino>[1] };
    const log = pino(options, options.stream);
    log.error({ err: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }) }, 'request failed');
    log.info({ grant: { code: 'an-authorization-code' } }, 'grant');
    const [failure, grant] = lines.map((line) => JSON.parse(line));
    expect(failure.err).to.include({ error_code: '57P01', message: 'terminating connection due to administrator command' });
    expect(grant.grant.code).to.equal('[redacted]');
    expect(lines.join('')).to.not.include('an-authorization-code');
  });
});
