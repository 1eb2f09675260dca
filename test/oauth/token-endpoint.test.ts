import { expect } from 'chai';
import { decodeJwt } from 'jose';
import { registerClient, startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { basicAuthorization, bearer } from '../helpers/credentials.js';
import { comparableHeaders, expectOAuthError, expectProblem, wwwAuthenticate } from '../helpers/responses.js';
import { expectSchema } from '../helpers/schemas.js';

const tokenUrl = '/v1/oauth/token';

describe('POST /v1/oauth/token: RFC 6749 checks', () => {
  let t: TestApp;
  let client: TestClient;
  before(async () => {
    t = await startTestApp();
    client = await registerClient(t.app, ['read:policies', 'write:policies']);
  });
  after(async () => t.close());

  describe('request encodings and client authentication (RFC 6749 sections 2.3.1 and 4.4.2)', () => {
    it('accepts an application/x-www-form-urlencoded body with the client credentials in it', async () => {
      const form = new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: client.clientId,
        client_secret: client.clientSecret,
        scope: 'read:policies',
      });
      const response = await t.app.inject({
        method: 'POST',
        url: tokenUrl,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form.toString(),
      });
      expect(response.statusCode, response.body).to.equal(200);
      expectSchema('oauth-token-response', response.json());
      expect(response.json().scope).to.equal('read:policies');
    });

    it('accepts HTTP Basic with a secret containing ":", "%" and "+", form-urlencoded then base64', async () => {
      const awkward = await registerClient(t.app, ['read:audit'], { secret: 'a:b%41c+d e/f=g&h~Zz0123456789abcdefghijkl' });
      const response = await t.app.inject({
        method: 'POST',
        url: tokenUrl,
        headers: { ...basicAuthorization(awkward.clientId, awkward.clientSecret), 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=client_credentials',
      });
      expect(response.statusCode, response.body).to.equal(200);
      expect(decodeJwt(response.json().access_token)).to.include({ sub: awkward.clientId, scope: 'read:audit' });
    });

    it('accepts HTTP Basic with a JSON body carrying only the grant', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: tokenUrl,
        headers: basicAuthorization(client.clientId, client.clientSecret),
        payload: { grant_type: 'client_credentials' },
      });
      expect(response.statusCode, response.body).to.equal(200);
    });

    it('does not take a Basic secret sent without form-urlencoding as the same secret when it holds "+" or "%"', async () => {
      const awkward = await registerClient(t.app, ['read:audit'], { secret: 'plus+and%25percent-0123456789abcdefghijklmnop' });
      const raw = Buffer.from(`${awkward.clientId}:${awkward.clientSecret}`).toString('base64');
      const response = await t.app.inject({
        method: 'POST',
        url: tokenUrl,
        headers: { authorization: `Basic ${raw}` },
        payload: { grant_type: 'client_credentials' },
      });
      expectOAuthError(response, 401, 'invalid_client');
    });

    it('refuses HTTP Basic together with client_secret in the body with invalid_request', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: tokenUrl,
        headers: basicAuthorization(client.clientId, client.clientSecret),
        payload: { grant_type: 'client_credentials', client_secret: client.clientSecret },
      });
      expectOAuthError(response, 400, 'invalid_request');
    });

    it('answers a wrong secret sent with HTTP Basic with 401 invalid_client and WWW-Authenticate: Basic', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: tokenUrl,
        headers: basicAuthorization(client.clientId, 'wrong-secret'),
        payload: { grant_type: 'client_credentials' },
      });
      expectOAuthError(response, 401, 'invalid_client');
      expect(wwwAuthenticate(response)).to.match(/^Basic realm="acctl"/);
    });

    it('answers a wrong secret sent in the body with 401 invalid_client', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: tokenUrl,
        payload: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: 'wrong-secret' },
      });
      expectOAuthError(response, 401, 'invalid_client');
    });

    it('answers an unknown client exactly as a wrong secret, in the body and with HTTP Basic', async () => {
      const answer = async (headers: Record<string, string>, payload: Record<string, string>) => {
        const response = await t.app.inject({ method: 'POST', url: tokenUrl, headers, payload: { grant_type: 'client_credentials', ...payload } });
        return { status: response.statusCode, headers: comparableHeaders(response.headers), body: response.body };
      };
      const wrongInBody = await answer({}, { client_id: client.clientId, client_secret: 'wrong-secret' });
      const unknownInBody = await answer({}, { client_id: 'no-such-client', client_secret: 'wrong-secret' });
      expect(unknownInBody).to.deep.equal(wrongInBody);
      const wrongBasic = await answer(basicAuthorization(client.clientId, 'wrong-secret'), {});
      const unknownBasic = await answer(basicAuthorization('no-such-client', 'wrong-secret'), {});
      expect(unknownBasic).to.deep.equal(wrongBasic);
      expect(wrongBasic.status).to.equal(401);
    });
  });

  describe('grant types (RFC 6749 section 5.2)', () => {
    it('answers unsupported_grant_type for the password grant', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: tokenUrl,
        payload: { grant_type: 'password', client_id: client.clientId, client_secret: client.clientSecret, username: 'a', password: 'b' },
      });
      expectOAuthError(response, 400, 'unsupported_grant_type');
    });

    for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      it(`answers unsupported_grant_type for grant_type=${name}, a name every JavaScript object has`, async () => {
        const response = await t.app.inject({
          method: 'POST',
          url: tokenUrl,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ grant_type: name, client_id: client.clientId, client_secret: client.clientSecret }).toString(),
        });
        expectOAuthError(response, 400, 'unsupported_grant_type');
      });
    }

    it('answers invalid_request when grant_type is missing', async () => {
      const response = await t.app.inject({ method: 'POST', url: tokenUrl, payload: { client_id: client.clientId, client_secret: client.clientSecret } });
      expectOAuthError(response, 400, 'invalid_request');
    });

    it('answers invalid_request when grant_type is given twice in a form body', async () => {
      const payload = `grant_type=client_credentials&grant_type=client_credentials&client_id=${client.clientId}&client_secret=${client.clientSecret}`;
      const response = await t.app.inject({ method: 'POST', url: tokenUrl, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload });
      expectOAuthError(response, 400, 'invalid_request');
    });

    it('answers unauthorized_client to a client not registered for client_credentials', async () => {
      const codeOnly = await registerClient(t.app, ['read:policies'], { grantTypes: ['authorization_code', 'refresh_token'] });
      const response = await t.app.inject({
        method: 'POST',
        url: tokenUrl,
        payload: { grant_type: 'client_credentials', client_id: codeOnly.clientId, client_secret: codeOnly.clientSecret },
      });
      expectOAuthError(response, 400, 'unauthorized_client');
    });
  });

  describe('scopes (RFC 6749 section 3.3)', () => {
    it("answers invalid_scope for a scope outside the client's allowed scopes", async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: tokenUrl,
        payload: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret, scope: 'read:policies delete:policies' },
      });
      expectOAuthError(response, 400, 'invalid_scope');
    });

    it('answers invalid_scope for a scope that does not exist', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: tokenUrl,
        payload: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret, scope: 'read:policies read:everything' },
      });
      expectOAuthError(response, 400, 'invalid_scope');
    });

    it('answers invalid_scope for a scope that does not exist even to an admin:all client', async () => {
      const admin = await registerClient(t.app, ['admin:all']);
      const response = await t.app.inject({
        method: 'POST',
        url: tokenUrl,
        payload: { grant_type: 'client_credentials', client_id: admin.clientId, client_secret: admin.clientSecret, scope: 'admin:everything' },
      });
      expectOAuthError(response, 400, 'invalid_scope');
    });

    it("grants the client's allowed scopes when no scope is requested", async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: tokenUrl,
        payload: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret },
      });
      expect(response.statusCode, response.body).to.equal(200);
      expect(response.json().scope.split(' ')).to.have.members(['read:policies', 'write:policies']);
      expect(decodeJwt(response.json().access_token).scope).to.equal(response.json().scope);
    });

    it('grants an admin:all client exactly the narrower scope it asks for, and nothing more', async () => {
      const admin = await registerClient(t.app, ['admin:all']);
      const response = await t.app.inject({
        method: 'POST',
        url: tokenUrl,
        payload: { grant_type: 'client_credentials', client_id: admin.clientId, client_secret: admin.clientSecret, scope: 'read:audit' },
      });
      expect(response.statusCode, response.body).to.equal(200);
      expect(response.json().scope).to.equal('read:audit');
      const token = response.json().access_token as string;
      expect(decodeJwt(token).scope).to.equal('read:audit');
      const adminOnly = await t.app.inject({ method: 'POST', url: '/v1/auth/token', headers: bearer(token), payload: { name: 'x', scopes: ['read:audit'] } });
      expectProblem(adminOnly, 403, 'insufficient_scope');
    });
  });

  describe('caching (RFC 6749 sections 5.1 and 5.2)', () => {
    it('marks a successful answer Cache-Control: no-store', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: tokenUrl,
        payload: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret },
      });
      expect(response.statusCode).to.equal(200);
      expect(response.headers['cache-control']).to.equal('no-store');
    });

    it('marks an error answer Cache-Control: no-store', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: tokenUrl,
        payload: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: 'wrong-secret' },
      });
      expect(response.statusCode).to.equal(401);
      expect(response.headers['cache-control']).to.equal('no-store');
    });
  });

  describe('junk bodies are invalid_request, never a 500', () => {
    const junk: Array<{ what: string; contentType?: string; payload?: string }> = [
      { what: 'a JSON array', contentType: 'application/json', payload: '[{"grant_type":"client_credentials"}]' },
      { what: 'a JSON number', contentType: 'application/json', payload: '42' },
      { what: 'a JSON string', contentType: 'application/json', payload: '"client_credentials"' },
      { what: 'JSON null', contentType: 'application/json', payload: 'null' },
      { what: 'malformed JSON', contentType: 'application/json', payload: '{"grant_type": "client_credentials",' },
      { what: 'JSON with a __proto__ key', contentType: 'application/json', payload: '{"grant_type":"client_credentials","__proto__":{"client_id":"x"}}' },
      { what: 'a grant_type that is an object', contentType: 'application/json', payload: '{"grant_type":{"client_credentials":true}}' },
      { what: 'text/plain', contentType: 'text/plain', payload: 'grant_type=client_credentials' },
      { what: 'an unknown media type', contentType: 'application/xml', payload: '<grant_type>client_credentials</grant_type>' },
      { what: 'an empty JSON body', contentType: 'application/json', payload: '' },
      { what: 'no body at all' },
    ];
    for (const { what, contentType, payload } of junk) {
      it(`answers ${what} with 400 invalid_request`, async () => {
        const response = await t.app.inject({
          method: 'POST',
          url: tokenUrl,
          headers: contentType ? { 'content-type': contentType } : {},
          ...(payload !== undefined ? { payload } : {}),
        });
        expectOAuthError(response, 400, 'invalid_request');
      });
    }

    it('answers a wrong method with a NUL or a lone surrogate in the query with an RFC 6749 body, never problem+json', async () => {
      for (const url of ['/v1/oauth/token', '/v1/oauth/revoke', '/v1/oauth/introspect'])
        for (const query of ['a=%00', 'grant_type=%ED%A0%80', 'x=1&%00=y']) {
          const response = await t.app.inject({ method: 'GET', url: `${url}?${query}` });
          expect(response.headers['content-type'], `GET ${url}?${query}`).to.not.match(/problem/);
          // 400 for the query, or 405 where the query is not read before the method is refused.
          expect(response.statusCode).to.be.oneOf([400, 405]);
          expectOAuthError(response, response.statusCode, 'invalid_request');
        }
    });
  });
});
