import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { escapeHtml } from '../../server/src/domains/web/html.js';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { bearer } from '../helpers/credentials.js';
import { expectOAuthError } from '../helpers/responses.js';
import { createTestUser, elementText, inputValue, PageAgent, signIn } from '../oauth/support/user-agent.js';

describe('the dashboard (/v1/ui/dashboard)', () => {
  let t: TestApp;
  let admin: PageAgent;
  let member: PageAgent;
  before(async () => {
    t = await startTestApp();
    admin = new PageAgent(t.app);
    member = new PageAgent(t.app);
    await signIn(admin, await createTestUser(t.app, { admin: true }));
    await signIn(member, await createTestUser(t.app));
  });
  after(async () => t.close());

  async function csrf(agent: PageAgent): Promise<string> {
    return inputValue((await agent.get('/v1/ui/dashboard')).body, 'csrf_token');
  }

  const tokenWith = (clientId: string, clientSecret: string) =>
    t.app.inject({ method: 'POST', url: '/v1/oauth/token', payload: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret } });

  async function register(fields: Record<string, string | string[]>): Promise<{ clientId: string; clientSecret: string }> {
    const response = await admin.postForm('/v1/ui/dashboard/clients', { csrf_token: await csrf(admin), ...fields });
    expect(response.statusCode, response.body).to.equal(200);
    return { clientId: elementText(response.body, 'client-id'), clientSecret: elementText(response.body, 'client-secret') };
  }

  it('sends a browser that is not signed in to the sign-in page, to come back here', async () => {
    const response = await new PageAgent(t.app).get('/v1/ui/dashboard');
    expect(response.statusCode).to.equal(303);
    expect(response.headers.location).to.equal('/v1/ui/sign-in?return_to=%2Fv1%2Fui%2Fdashboard');
  });

  it('shows a 403 page to a user who is not an administrator', async () => {
    const response = await member.get('/v1/ui/dashboard');
    expect(response.statusCode).to.equal(403);
    expect(response.body).to.include('Administrators only');
  });

  it('lists the built-in acctl-cli client, without a delete button', async () => {
    const response = await admin.get('/v1/ui/dashboard');
    expect(response.statusCode).to.equal(200);
    expect(response.body).to.include('<code>acctl-cli</code>');
    expect(response.body).to.not.include('/v1/ui/dashboard/clients/acctl-cli/delete');
  });

  it('registers a confidential client and shows its secret once; the secret gets a token', async () => {
    const { clientId, clientSecret } = await register({
      name: 'billing',
      client_type: 'confidential',
      grant_types: 'client_credentials',
      scopes: ['read:policies', 'evaluate:decisions'],
    });
    const token = await tokenWith(clientId, clientSecret);
    expect(token.statusCode, token.body).to.equal(200);
    expect(token.json().scope).to.equal('read:policies evaluate:decisions');
    const row = await t.app.db('oauth_clients').where({ client_id: clientId }).first();
    expect(row.secret_hash).to.match(/^[0-9a-f]{64}$/);
    expect(row.created_by).to.match(/^user:/);
    expect((await admin.get('/v1/ui/dashboard')).body).to.not.include(clientSecret);
  });

  it('registers a public authorization-code client with its redirect URIs, one per line', async () => {
    const response = await admin.postForm('/v1/ui/dashboard/clients', {
      csrf_token: await csrf(admin),
      name: 'web app',
      client_type: 'public',
      grant_types: ['authorization_code', 'refresh_token'],
      redirect_uris: 'https://app.example.com/callback\r\nhttp://127.0.0.1/callback\r\n',
      scopes: 'read:policies',
    });
    expect(response.statusCode).to.equal(200);
    expect(response.body).to.not.include('id="client-secret"');
    const row = await t.app
      .db('oauth_clients')
      .where({ client_id: elementText(response.body, 'client-id') })
      .first();
    expect(row).to.deep.include({
      client_type: 'public',
      secret_hash: null,
      grant_types: ['authorization_code', 'refresh_token'],
      redirect_uris: ['https://app.example.com/callback', 'http://127.0.0.1/callback'],
    });
  });

  it('registers a client bound to the policy owners given one per line, and lists them', async () => {
    const { clientId } = await register({
      name: 'payments-ci',
      grant_types: 'client_credentials',
      scopes: 'write:policies',
      owners: 'payments\r\n\r\nbilling\r\n',
    });
    expect((await t.app.db('oauth_clients').where({ client_id: clientId }).first()).owners).to.deep.equal(['payments', 'billing']);
    expect((await admin.get('/v1/ui/dashboard')).body).to.include('<code>payments</code> <code>billing</code>');
  });

  it('registers a client that acts as an agent chosen in the "Acts as agent" list, and refuses a principal of another kind', async () => {
    const apiAdmin = await accessToken(t.app, await registerClient(t.app, ['admin:all']));
    const principal = async (kind: string, name: string): Promise<string> => {
      const response = await t.app.inject({ method: 'POST', url: '/v1/principals', headers: bearer(apiAdmin), payload: { kind, name } });
      expect(response.statusCode, response.body).to.equal(201);
      return response.json().id;
    };
    const [agentId, userId] = await Promise.all([principal('agent', 'helper-bot'), principal('user', 'not-a-bot')]);
    const page = (await admin.get('/v1/ui/dashboard')).body;
    expect(page).to.include(`<option value="${agentId}">helper-bot</option>`);
    expect(page).to.not.include(`<option value="${userId}">`);

    const { clientId, clientSecret } = await register({ name: 'helper', grant_types: 'client_credentials', scopes: 'evaluate:decisions', agent: agentId });
    expect((await t.app.db('oauth_clients').where({ client_id: clientId }).first()).agent_principal_id).to.equal(agentId);
    expect((await admin.get('/v1/ui/dashboard')).body).to.include('<code>helper-bot</code>');
    const token = await tokenWith(clientId, clientSecret);
    expect(token.statusCode, token.body).to.equal(200);

    // A crafted form naming a user (the select lists agents only): a problem of the form, nothing registered.
    const refused = await admin.postForm('/v1/ui/dashboard/clients', {
      csrf_token: await csrf(admin),
      name: 'as-user',
      grant_types: 'client_credentials',
      agent: userId,
    });
    expect(refused.statusCode).to.equal(400);
    expect(refused.body).to.include(`is a user, not an agent`);
    expect(await t.app.db('oauth_clients').where({ name: 'as-user' }).first()).to.equal(undefined);
  });

  it('shows every problem of a registration at once with 400, and registers nothing', async () => {
    const before = (await t.app.db('oauth_clients').select('client_id')).length;
    const response = await admin.postForm('/v1/ui/dashboard/clients', {
      csrf_token: await csrf(admin),
      name: '',
      client_type: 'public',
      grant_types: 'client_credentials',
      redirect_uris: 'javascript:alert(1)',
      scopes: 'read:everything',
    });
    expect(response.statusCode).to.equal(400);
    for (const problem of [
      'The name must have 1 to 200 characters',
      'A public client has no secret, so it cannot use client_credentials',
      'Redirect URIs are used only by the authorization_code grant type',
      'Unknown scope: read:everything',
    ]) {
      expect(response.body).to.include(problem);
    }
    expect((await t.app.db('oauth_clients').select('client_id')).length).to.equal(before);
  });

  it('escapes a client name with markup wherever it shows it', async () => {
    const { clientId } = await register({ name: '<img src=x onerror=alert(1)>', grant_types: 'client_credentials' });
    const page = (await admin.get('/v1/ui/dashboard')).body;
    expect(page).to.include('&lt;img src=x onerror=alert(1)&gt;');
    expect(page).to.not.include('<img src=x');
    expect(page).to.include(clientId);
  });

  it('rotates a secret: the new one is shown once, the old one stops working', async () => {
    const { clientId, clientSecret } = await register({ name: 'rotating', grant_types: 'client_credentials', scopes: 'read:policies' });
    const response = await admin.postForm(`/v1/ui/dashboard/clients/${clientId}/rotate-secret`, { csrf_token: await csrf(admin), confirm: 'yes' });
    expect(response.statusCode).to.equal(200);
    const fresh = elementText(response.body, 'client-secret');
    expect(fresh).to.not.equal(clientSecret);
    expectOAuthError(await tokenWith(clientId, clientSecret), 401, 'invalid_client');
    expect((await tokenWith(clientId, fresh)).statusCode).to.equal(200);
  });

  it('deletes a client with 303 back to the dashboard', async () => {
    const { clientId, clientSecret } = await register({ name: 'doomed', grant_types: 'client_credentials' });
    const response = await admin.postForm(`/v1/ui/dashboard/clients/${clientId}/delete`, { csrf_token: await csrf(admin), confirm: 'yes' });
    expect(response.statusCode).to.equal(303);
    expect(response.headers.location).to.equal(`/v1/ui/dashboard?deleted=${clientId}`);
    expect((await admin.get(response.headers.location as string)).body).to.include(`Deleted the client ${clientId}.`);
    expectOAuthError(await tokenWith(clientId, clientSecret), 401, 'invalid_client');
  });

  it('changes nothing on a one-click Delete or Rotate secret: the POST without confirm=yes shows what stops working and that there is no undo', async () => {
    const { clientId, clientSecret } = await register({ name: 'one-click', grant_types: 'client_credentials', scopes: 'read:policies' });
    for (const change of ['delete', 'rotate-secret']) {
      const response = await admin.postForm(`/v1/ui/dashboard/clients/${clientId}/${change}`, { csrf_token: await csrf(admin) });
      expect(response.statusCode).to.equal(200);
      expect(elementText(response.body, 'undo')).to.include('There is no undo');
      expect(response.body).to.include('name="confirm" value="yes"');
    }
    const deletePage = (await admin.postForm(`/v1/ui/dashboard/clients/${clientId}/delete`, { csrf_token: await csrf(admin) })).body;
    expect(deletePage).to.include('0 API tokens it made stop working').and.include('0 user sign-ins through it end');
    expect((await tokenWith(clientId, clientSecret)).statusCode).to.equal(200);
  });

  it("opens the confirmation page from the dashboard's buttons without JavaScript (GET forms), and its form makes the change", async () => {
    const { clientId, clientSecret } = await register({ name: 'confirmed', grant_types: 'client_credentials' });
    const dashboard = (await admin.get('/v1/ui/dashboard')).body;
    expect(dashboard).to.include(`<form method="get" action="/v1/ui/dashboard/clients/${clientId}/delete">`);
    expect(dashboard).to.include(`<form method="get" action="/v1/ui/dashboard/clients/${clientId}/rotate-secret">`);
    const page = await admin.get(`/v1/ui/dashboard/clients/${clientId}/delete`);
    expect(page.statusCode).to.equal(200);
    expectOAuthError(await tokenWith(clientId, 'wrong'), 401, 'invalid_client');
    expect((await tokenWith(clientId, clientSecret)).statusCode).to.equal(200);
    const confirmed = await admin.postForm(`/v1/ui/dashboard/clients/${clientId}/delete`, { csrf_token: inputValue(page.body, 'csrf_token'), confirm: 'yes' });
    expect(confirmed.statusCode).to.equal(303);
    expectOAuthError(await tokenWith(clientId, clientSecret), 401, 'invalid_client');
  });

  it('shows the confirmation pages to administrators only', async () => {
    expect((await member.get('/v1/ui/dashboard/clients/acctl-cli/rotate-secret')).statusCode).to.equal(403);
    expect((await new PageAgent(t.app).get('/v1/ui/dashboard/clients/acctl-cli/rotate-secret')).statusCode).to.equal(303);
    expect((await admin.get('/v1/ui/dashboard/clients/acctl-cli/delete')).statusCode).to.equal(409);
  });

  it('refuses to delete acctl-cli (409) and answers 404 for an unknown client', async () => {
    expect((await admin.postForm('/v1/ui/dashboard/clients/acctl-cli/delete', { csrf_token: await csrf(admin) })).statusCode).to.equal(409);
    expect((await admin.postForm('/v1/ui/dashboard/clients/nope/delete', { csrf_token: await csrf(admin), confirm: 'yes' })).statusCode).to.equal(404);
    expect((await admin.postForm('/v1/ui/dashboard/clients/nope/rotate-secret', { csrf_token: await csrf(admin), confirm: 'yes' })).statusCode).to.equal(404);
    expect((await admin.get('/v1/ui/dashboard/clients/nope/delete')).statusCode).to.equal(404);
  });

  describe('a private_key_jwt client (token_endpoint_auth_method)', () => {
    async function publicKey() {
      const { privateKey, publicKey: key } = await generateKeyPair('ES256');
      return { privateKey, jwk: { ...(await exportJWK(key)), kid: randomUUID(), alg: 'ES256', use: 'sig' } };
    }
    const keyClient = (fields: Record<string, string>) =>
      csrf(admin).then((token) =>
        admin.postForm('/v1/ui/dashboard/clients', {
          csrf_token: token,
          name: `signer-${randomUUID().slice(0, 8)}`,
          client_type: 'confidential',
          grant_types: 'client_credentials',
          scopes: 'read:policies',
          token_endpoint_auth_method: 'private_key_jwt',
          ...fields,
        }),
      );

    it('registers one with a JWK Set pasted as JSON: no secret, and its signed assertion gets a token', async () => {
      const { privateKey, jwk } = await publicKey();
      const response = await keyClient({ jwks: JSON.stringify({ keys: [jwk] }, null, 2) });
      expect(response.statusCode, response.body).to.equal(200);
      expect(response.body).to.include('id="key-authenticated"').and.not.include('id="client-secret"');
      const clientId = elementText(response.body, 'client-id');
      const row = await t.app.db('oauth_clients').where({ client_id: clientId }).first();
      expect(row.secret_hash).to.equal(null);
      expect(row.jwks.keys[0].kid).to.equal(jwk.kid);
      const assertion = await new SignJWT({ jti: randomUUID() })
        .setProtectedHeader({ alg: 'ES256', kid: jwk.kid })
        .setIssuer(clientId)
        .setSubject(clientId)
        .setAudience(t.config.publicUrl)
        .setIssuedAt()
        .setExpirationTime('1m')
        .sign(privateKey);
      const token = await t.app.inject({
        method: 'POST',
        url: '/v1/oauth/token',
        payload: {
          grant_type: 'client_credentials',
          client_id: clientId,
          client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
          client_assertion: assertion,
        },
      });
      expect(token.statusCode, token.body).to.equal(200);
      // It has no secret to rotate: said so, and no secret appears.
      const rotate = await admin.postForm(`/v1/ui/dashboard/clients/${clientId}/rotate-secret`, { csrf_token: await csrf(admin), confirm: 'yes' });
      expect(rotate.statusCode).to.equal(409);
      expect(rotate.body).to.include('No secret to rotate');
      expect((await t.app.db('oauth_clients').where({ client_id: clientId }).first()).secret_hash).to.equal(null);
    });

    it('registers one with an https jwks_uri', async () => {
      const response = await keyClient({ jwks_uri: 'https://keys.example.com/jwks.json' });
      expect(response.statusCode, response.body).to.equal(200);
      const row = await t.app
        .db('oauth_clients')
        .where({ client_id: elementText(response.body, 'client-id') })
        .first();
      expect(row).to.include({ jwks_uri: 'https://keys.example.com/jwks.json', secret_hash: null });
    });

    it('refuses, with the reason on the page (400), keys the API and CLI refuse, and keys without the method', async () => {
      const { jwk } = await publicKey();
      const cases: Array<[Record<string, string>, string]> = [
        [{ jwks: '{"keys": [' }, 'The JWK Set is not JSON'],
        [{ jwks: JSON.stringify({ keys: [{ ...jwk, d: 'c2VjcmV0' }] }) }, 'holds private or symmetric key material (d)'],
        [{ jwks: JSON.stringify({ keys: [jwk] }), jwks_uri: 'https://keys.example.com/jwks.json' }, 'not both'],
        [{ jwks_uri: 'http://keys.example.com/jwks.json' }, 'The jwks_uri must be https://'],
        [{ jwks_uri: 'https://user:pw@keys.example.com/jwks.json' }, 'The jwks_uri must not contain credentials'],
        [{}, 'private_key_jwt needs the client’s public keys'],
        [{ token_endpoint_auth_method: 'client_secret_basic', jwks: JSON.stringify({ keys: [jwk] }) }, 'A JWK Set or jwks_uri is for private_key_jwt'],
        [{ jwks: 'x'.repeat(200_000) }, 'larger than'],
        [{ jwks: JSON.stringify({ keys: [jwk] }), client_type: 'public' }, 'A public client has no keys'],
      ];
      const before = await t.app.db('oauth_clients').count<Array<{ count: string }>>({ count: '*' });
      for (const [fields, problem] of cases) {
        const response = await keyClient(fields);
        expect(response.statusCode, JSON.stringify(fields)).to.equal(400);
        expect(response.body).to.include('id="problems"').and.include(escapeHtml(problem));
      }
      expect(await t.app.db('oauth_clients').count<Array<{ count: string }>>({ count: '*' })).to.deep.equal(before);
    });
  });

  it('answers a form POST without the CSRF token with 403, and registers nothing', async () => {
    const response = await admin.postForm('/v1/ui/dashboard/clients', { name: 'csrf-victim', grant_types: 'client_credentials' });
    expect(response.statusCode).to.equal(403);
    expect(await t.app.db('oauth_clients').where({ name: 'csrf-victim' }).first()).to.equal(undefined);
  });

  it("answers a non-administrator's form POST with 403, even with a valid CSRF token", async () => {
    const page = await member.get('/v1/ui/sign-out');
    const response = await member.postForm('/v1/ui/dashboard/clients', {
      csrf_token: inputValue(page.body, 'csrf_token'),
      name: 'sneaky',
      grant_types: 'client_credentials',
    });
    expect(response.statusCode).to.equal(403);
    expect(await t.app.db('oauth_clients').where({ name: 'sneaky' }).first()).to.equal(undefined);
  });
});
