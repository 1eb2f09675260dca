import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { registerCodeClient, type CodeClient } from './support/clients.js';
import { authorizePath, createTestUser, decide, inputValue, PageAgent, pkcePair, redirectParams, signIn, type TestUser } from './support/user-agent.js';

describe('GET and POST /v1/oauth/authorize', () => {
  let t: TestApp;
  let client: CodeClient;
  let user: TestUser;
  let agent: PageAgent;
  before(async () => {
    t = await startTestApp();
    client = await registerCodeClient(t.app);
    user = await createTestUser(t.app);
    agent = new PageAgent(t.app);
    await signIn(agent, user);
  });
  after(async () => t.close());

  const request = (extra: Record<string, string | undefined> = {}): Record<string, string | undefined> => ({
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    scope: 'read:policies',
    state: 'xyz',
    ...extra,
  });

  describe('errors that make the redirect URI untrustworthy are shown on a page (RFC 6749 section 4.1.2.1)', () => {
    for (const [what, params] of [
      ['an unknown client_id', { client_id: 'no-such-client' }],
      ['a missing client_id', { client_id: undefined }],
      ['an unregistered redirect_uri', { redirect_uri: 'https://evil.example/callback' }],
      ['a missing redirect_uri', { redirect_uri: undefined }],
    ] as const) {
      it(`shows ${what} on a 400 page and does not redirect`, async () => {
        const response = await agent.get(authorizePath(request(params)));
        expect(response.statusCode).to.equal(400);
        expect(response.headers.location).to.equal(undefined);
        expect(response.headers['content-type']).to.match(/^text\/html/);
        expect(response.body).to.include('id="error-code">invalid_request<');
      });
    }

    it('shows a repeated redirect_uri on a page', async () => {
      const response = await agent.get(`${authorizePath(request())}&redirect_uri=${encodeURIComponent('https://evil.example/cb')}`);
      expect(response.statusCode).to.equal(400);
      expect(response.headers.location).to.equal(undefined);
    });

    it('escapes what it shows: a client_id with markup comes back as text', async () => {
      const response = await agent.get(authorizePath(request({ client_id: '<script>alert(1)</script>' })));
      expect(response.statusCode).to.equal(400);
      expect(response.body).to.not.include('<script>');
      expect(response.body).to.include('&lt;script&gt;alert(1)&lt;/script&gt;');
    });
  });

  describe('errors after the redirect URI is verified go back to the client', () => {
    it('answers unsupported_response_type with state and iss for response_type=token', async () => {
      const response = await agent.get(authorizePath(request({ response_type: 'token' })));
      expect(response.statusCode).to.equal(303);
      const params = redirectParams(response);
      expect(params.get('error')).to.equal('unsupported_response_type');
      expect(params.get('state')).to.equal('xyz');
      expect(params.get('iss')).to.equal(t.config.publicUrl);
      expect(response.headers.location!.startsWith(`${client.redirectUri}?`)).to.equal(true);
    });

    it('answers invalid_scope for a scope the client is not allowed', async () => {
      const params = redirectParams(await agent.get(authorizePath(request({ scope: 'delete:policies' }))));
      expect(params.get('error')).to.equal('invalid_scope');
    });

    it('answers invalid_request for a parameter given twice', async () => {
      const params = redirectParams(await agent.get(`${authorizePath(request())}&scope=read:principals`));
      expect(params.get('error')).to.equal('invalid_request');
    });

    it('answers unauthorized_client to a client not registered for authorization_code', async () => {
      const other = await registerCodeClient(t.app, { grantTypes: ['client_credentials'] });
      const params = redirectParams(await agent.get(authorizePath(request({ client_id: other.clientId, redirect_uri: other.redirectUri }))));
      expect(params.get('error')).to.equal('unauthorized_client');
    });
  });

  describe('PKCE at the authorization endpoint (RFC 7636)', () => {
    it('requires a code_challenge from a public client', async () => {
      const publicClient = await registerCodeClient(t.app, { public: true });
      const params = redirectParams(await agent.get(authorizePath(request({ client_id: publicClient.clientId, redirect_uri: publicClient.redirectUri }))));
      expect(params.get('error')).to.equal('invalid_request');
      expect(params.get('error_description')).to.match(/PKCE/);
    });

    it('refuses code_challenge_method=plain', async () => {
      const { verifier } = pkcePair();
      const params = redirectParams(await agent.get(authorizePath(request({ code_challenge: verifier, code_challenge_method: 'plain' }))));
      expect(params.get('error')).to.equal('invalid_request');
    });

    it('refuses a code_challenge without code_challenge_method (it would mean plain)', async () => {
      const params = redirectParams(await agent.get(authorizePath(request({ code_challenge: pkcePair().challenge }))));
      expect(params.get('error')).to.equal('invalid_request');
    });

    it('accepts S256 from a confidential client and shows the consent page', async () => {
      const response = await agent.get(authorizePath(request({ code_challenge: pkcePair().challenge, code_challenge_method: 'S256' })));
      expect(response.statusCode, response.body).to.equal(200);
    });
  });

  describe('sign-in and consent', () => {
    it('sends a browser without a session to the sign-in page, which returns to the request afterwards', async () => {
      const stranger = new PageAgent(t.app);
      const path = authorizePath(request());
      const response = await stranger.get(path);
      expect(response.statusCode).to.equal(303);
      const location = new URL(response.headers.location as string, 'http://x');
      expect(location.pathname).to.equal('/v1/ui/sign-in');
      expect(location.searchParams.get('return_to')).to.equal(path);
      const form = await stranger.get(response.headers.location as string);
      expect(inputValue(form.body, 'return_to')).to.equal(path);
    });

    it('names the client and the scopes on the consent page', async () => {
      const response = await agent.get(authorizePath(request({ scope: 'read:policies read:principals' })));
      expect(response.statusCode).to.equal(200);
      expect(response.body).to.include('Example app');
      expect(response.body).to.include('<code>read:policies</code>');
      expect(response.body).to.include('<code>read:principals</code>');
      expect(response.body).to.match(/<button[^>]*name="decision" value="approve"/);
      expect(response.body).to.match(/<button[^>]*name="decision" value="deny"/);
    });

    it('serves the consent page with anti-clickjacking and strict security headers', async () => {
      const response = await agent.get(authorizePath(request()));
      const csp = response.headers['content-security-policy'] as string;
      expect(csp).to.include("frame-ancestors 'none'");
      expect(csp).to.include("default-src 'none'");
      expect(csp).to.match(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
      expect(csp).to.not.include('unsafe-inline');
      expect(csp).to.include("form-action 'self' https://app.example.com");
      expect(response.headers['x-frame-options']).to.equal('DENY');
      expect(response.headers['referrer-policy']).to.equal('no-referrer');
      expect(response.headers['x-content-type-options']).to.equal('nosniff');
      expect(response.headers['cache-control']).to.equal('no-store');
    });

    it('answers the approval with 303 See Other to the redirect URI with code, state and iss (RFC 9207)', async () => {
      const response = await decide(agent, request(), 'approve');
      expect(response.statusCode).to.equal(303);
      expect(response.headers.location!.startsWith(`${client.redirectUri}?`)).to.equal(true);
      const params = redirectParams(response);
      expect(params.get('code')).to.match(/^[A-Za-z0-9_-]{43}$/);
      expect(params.get('state')).to.equal('xyz');
      expect(params.get('iss')).to.equal(t.config.publicUrl);
    });

    it('answers a denial with error=access_denied and the state', async () => {
      const response = await decide(agent, request({ state: 'deny-state' }), 'deny');
      expect(response.statusCode).to.equal(303);
      const params = redirectParams(response);
      expect(params.get('error')).to.equal('access_denied');
      expect(params.get('state')).to.equal('deny-state');
      expect(params.get('iss')).to.equal(t.config.publicUrl);
      expect(params.has('code')).to.equal(false);
    });

    it('passes the state through byte for byte, odd characters included', async () => {
      const state = ` !"#$%&'()*+,-./:;<=>?@[\\]^_\`{|}~ é€😀 a+b%20c&d=e\nline`;
      const params = redirectParams(await decide(agent, request({ state }), 'approve'));
      expect(params.get('state')).to.equal(state);
    });

    it('leaves state out of the redirect when the request had none', async () => {
      const params = redirectParams(await decide(agent, request({ state: undefined }), 'approve'));
      expect(params.has('state')).to.equal(false);
      expect(params.has('code')).to.equal(true);
    });

    it('keeps a query the registered redirect URI has', async () => {
      const withQuery = await registerCodeClient(t.app, { redirectUris: ['https://app.example.com/cb?tenant=a%20b'] });
      const response = await decide(agent, request({ client_id: withQuery.clientId, redirect_uri: withQuery.redirectUri }), 'approve');
      expect(response.headers.location!.startsWith('https://app.example.com/cb?tenant=a%20b&code=')).to.equal(true);
    });

    it('answers a consent POST without the CSRF token with a 403 page and issues nothing', async () => {
      const consent = await agent.get(authorizePath(request()));
      const response = await agent.postForm('/v1/oauth/authorize', {
        authorization_request: inputValue(consent.body, 'authorization_request'),
        decision: 'approve',
      });
      expect(response.statusCode).to.equal(403);
      expect(response.headers.location).to.equal(undefined);
      expect(response.body).to.include('id="error-code">forbidden<');
    });

    it("answers a consent POST with another session's CSRF token with 403", async () => {
      const other = new PageAgent(t.app);
      const form = await other.get('/v1/ui/sign-in');
      const consent = await agent.get(authorizePath(request()));
      const response = await agent.postForm('/v1/oauth/authorize', {
        csrf_token: inputValue(form.body, 'csrf_token'),
        authorization_request: inputValue(consent.body, 'authorization_request'),
        decision: 'approve',
      });
      expect(response.statusCode).to.equal(403);
    });

    it('checks the request again at the consent POST: a tampered redirect_uri is shown on a page', async () => {
      const consent = await agent.get(authorizePath(request()));
      const tampered = Buffer.from(JSON.stringify({ ...request(), redirect_uri: 'https://evil.example/callback' })).toString('base64url');
      const response = await agent.postForm('/v1/oauth/authorize', {
        csrf_token: inputValue(consent.body, 'csrf_token'),
        authorization_request: tampered,
        decision: 'approve',
      });
      expect(response.statusCode).to.equal(400);
      expect(response.headers.location).to.equal(undefined);
    });
  });

  describe('what a user may grant', () => {
    it('does not offer a non-admin user the write scopes, and says so', async () => {
      const response = await agent.get(authorizePath(request({ scope: 'read:policies write:policies' })));
      expect(response.statusCode).to.equal(200);
      expect(response.body).to.include('<code>read:policies</code><span');
      expect(response.body).to.match(/Not granted[^]*<code>write:policies<\/code>/);
    });

    it('answers access_denied when the user may grant none of the requested scopes', async () => {
      const params = redirectParams(await agent.get(authorizePath(request({ scope: 'write:policies' }))));
      expect(params.get('error')).to.equal('access_denied');
      expect(params.get('state')).to.equal('xyz');
    });

    it('offers an admin user every scope the client is allowed', async () => {
      const admin = new PageAgent(t.app);
      await signIn(admin, await createTestUser(t.app, { admin: true }));
      const response = await admin.get(authorizePath(request({ scope: undefined })));
      expect(response.statusCode).to.equal(200);
      for (const scope of ['read:policies', 'write:policies', 'read:principals']) expect(response.body).to.include(`<code>${scope}</code><span`);
      expect(response.body).to.not.include('Not granted');
    });
  });
});
