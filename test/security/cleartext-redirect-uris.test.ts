import { expect } from 'chai';
import { configFromEnv, makeConfig } from '../../server/src/config/config.js';
import { checkClientRegistration } from '../../core/src/index.js';
import { redirectUriProblem } from '../../core/src/index.js';
import { runCli } from '../cli/run-cli.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { freshDatabase } from '../helpers/database.js';
import { createTestUser, inputValue, PageAgent, signIn } from '../oauth/support/user-agent.js';

/**
 * Issue #19, finding 10: `http://` redirect URIs on any host were accepted when a client was
 * registered, so an authorization code could travel in clear. RFC 9700 section 2.6 (and OAuth 2.1):
 * https, or http on the loopback interface only (RFC 8252 section 7.3), unless a development server
 * sets allowInsecureRedirectUris.
 */
const cleartext = [
  'http://app.example.com/callback',
  'HTTP://APP.EXAMPLE.COM/callback',
  'http://10.0.0.5/callback',
  'http://192.168.1.20:8080/callback',
  'http://127.0.0.2/callback',
  'http://[::2]/callback',
  'http://localhost.evil.example/callback',
  'http://localhost@evil.example/callback',
  'http://127.0.0.1.evil.example/callback',
  'http://127.0.0.1:80@evil.example/callback',
];
const allowed = [
  'https://app.example.com/callback',
  'http://127.0.0.1/callback',
  'http://127.0.0.1:49152/callback',
  'http://[::1]:8123/callback',
  'http://localhost:3000/callback',
];

describe('Security: cleartext redirect URIs are refused at client registration (issue #19, finding 10)', function () {
  this.timeout(120_000);

  describe('the one rule (redirect-uris.ts), used by every registration', () => {
    for (const uri of cleartext) {
      it(`refuses ${uri}`, () => {
        expect(redirectUriProblem(uri, { allowInsecure: false })).to.match(/must use https/);
        const checked = checkClientRegistration({ name: 'web', public: true, grantTypes: [], redirectUris: [uri], scopes: [] }, { allowInsecure: false });
        expect(checked.ok).to.equal(false);
      });
    }
    for (const uri of allowed) it(`accepts ${uri}`, () => expect(redirectUriProblem(uri, { allowInsecure: false })).to.equal(undefined));

    it('accepts http:// on any host only when the development setting allows it; other schemes stay refused', () => {
      for (const uri of cleartext) expect(redirectUriProblem(uri, { allowInsecure: true }), uri).to.equal(undefined);
      for (const uri of ['com.example.app:/callback', 'javascript:alert(1)', 'ftp://app.example.com/cb', 'https://app.example.com/cb#x']) {
        expect(redirectUriProblem(uri, { allowInsecure: true }), uri).to.be.a('string');
      }
    });

    it('is off unless ACCTL_ALLOW_INSECURE_REDIRECT_URIS is exactly true', () => {
      const base = { databaseUrl: 'postgres://x/y', keyEncryptionKey: Buffer.alloc(32).toString('base64') };
      expect(makeConfig(base).allowInsecureRedirectUris).to.equal(false);
      expect(makeConfig({ ...base, ...configFromEnv({ ACCTL_ALLOW_INSECURE_REDIRECT_URIS: 'yes' }) }).allowInsecureRedirectUris).to.equal(false);
      expect(makeConfig({ ...base, ...configFromEnv({ ACCTL_ALLOW_INSECURE_REDIRECT_URIS: 'true' }) }).allowInsecureRedirectUris).to.equal(true);
    });
  });

  describe('the dashboard', () => {
    let strict: TestApp;
    let lax: TestApp;
    before(async () => {
      [strict, lax] = await Promise.all([startTestApp(), startTestApp({ config: { allowInsecureRedirectUris: true } })]);
    });
    after(async () => Promise.all([strict?.close(), lax?.close()]));

    async function adminAgent(t: TestApp): Promise<{ agent: PageAgent; csrf: string }> {
      const agent = new PageAgent(t.app);
      await signIn(agent, await createTestUser(t.app, { admin: true }));
      return { agent, csrf: inputValue((await agent.get('/v1/ui/dashboard')).body, 'csrf_token') };
    }
    const registration = (csrf: string, name: string, uri: string) => ({
      csrf_token: csrf,
      name,
      client_type: 'public',
      grant_types: 'authorization_code',
      redirect_uris: uri,
    });

    it('answers 400 to every cleartext redirect URI, sent in parallel, and registers none', async () => {
      const { agent, csrf } = await adminAgent(strict);
      const responses = await Promise.all(cleartext.map((uri, n) => agent.postForm('/v1/ui/dashboard/clients', registration(csrf, `cleartext-${n}`, uri))));
      for (const [n, response] of responses.entries()) {
        expect(response.statusCode, cleartext[n]).to.equal(400);
        expect(response.body).to.include('must use https');
      }
      expect(await strict.app.db('oauth_clients').where('name', 'like', 'cleartext-%').select('client_id')).to.deep.equal([]);
    });

    it('registers https and loopback redirect URIs as before', async () => {
      const { agent, csrf } = await adminAgent(strict);
      const responses = await Promise.all(allowed.map((uri, n) => agent.postForm('/v1/ui/dashboard/clients', registration(csrf, `allowed-${n}`, uri))));
      for (const [n, response] of responses.entries()) expect(response.statusCode, allowed[n]).to.equal(200);
    });

    it('registers a cleartext redirect URI when the server sets allowInsecureRedirectUris', async () => {
      const { agent, csrf } = await adminAgent(lax);
      const response = await agent.postForm('/v1/ui/dashboard/clients', registration(csrf, 'dev-app', 'http://app.example.com/callback'));
      expect(response.statusCode, response.body).to.equal(200);
      const row = await lax.app.db('oauth_clients').where({ name: 'dev-app' }).first();
      expect(row.redirect_uris).to.deep.equal(['http://app.example.com/callback']);
    });
  });

  describe('acctl server client create', () => {
    let databaseUrl: string;
    let t: TestApp;
    before(async () => {
      databaseUrl = await freshDatabase();
      t = await startTestApp({ databaseUrl });
    });
    after(async () => t?.close());
    const create = (name: string, uri: string, env: Record<string, string> = {}) =>
      runCli(['server', 'client', 'create', '--name', name, '--public', '--redirect-uri', uri, '--json'], { env: { DATABASE_URL: databaseUrl, ...env } });

    it('refuses a cleartext redirect URI with a usage error and registers nothing; the variable (or flag) of development allows it', async () => {
      const [refused, withEnv, loopback] = await Promise.all([
        create('cli-cleartext', 'http://app.example.com/callback'),
        create('cli-dev', 'http://app.example.com/callback', { ACCTL_ALLOW_INSECURE_REDIRECT_URIS: 'true' }),
        create('cli-loopback', 'http://127.0.0.1/callback'),
      ]);
      expect(refused.exitCode, refused.stdout).to.equal(2);
      expect(refused.stdout + refused.stderr).to.include('must use https');
      expect(await t.app.db('oauth_clients').where({ name: 'cli-cleartext' }).first()).to.equal(undefined);
      expect(withEnv.exitCode, withEnv.stderr).to.equal(0);
      expect(loopback.exitCode, loopback.stderr).to.equal(0);
    });
  });
});
