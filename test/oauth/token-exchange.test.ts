import { generateKeyPairSync } from 'node:crypto';
import { expect } from 'chai';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { systemContext } from '../../server/src/admin/index.js';
import { grantDelegation, revokeDelegation } from '../../server/src/domains/oauth/delegation-grants.js';
import { registerClient, startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { bearer, forgeAccessToken } from '../helpers/credentials.js';
import { expectOAuthError, expectProblem } from '../helpers/responses.js';
import { expectSchema } from '../helpers/schemas.js';
import { clientFields, type CodeClient } from './support/clients.js';
import {
  accessTokenType,
  clientToken as clientTokenOf,
  DelegationSetup,
  exchangeFields,
  exchangeGrant,
  exchangeToken,
  type AgentOptions,
} from './support/delegation.js';
import { proof, proofKey } from './support/dpop.js';
import { expectTokens, postToken } from './support/tokens.js';
import { authorizationCode, createTestUser, PageAgent, signIn, type TestUser } from './support/user-agent.js';

/**
 * RFC 8693 token exchange, driven by openid-client (a client no one here wrote) over real HTTP, the
 * results verified with jose against the server's JWKS; two replicas on one database for the
 * revocations, which must hold on both from the next request.
 */
describe('POST /v1/oauth/token with grant_type=token-exchange (RFC 8693)', () => {
  let t: TestApp;
  let replica: TestApp;
  let app: CodeClient;
  let user: TestUser;
  let userAgent: PageAgent;
  let setup: DelegationSetup;

  before(async () => {
    t = await startTestApp({ listen: true });
    replica = await startTestApp({ databaseUrl: t.config.databaseUrl, config: { keyEncryptionKey: t.config.keyEncryptionKey, publicUrl: t.config.publicUrl } });
    setup = await DelegationSetup.start(t.app);
    ({ codeClient: app, user, userAgent } = setup);
  });
  after(async () => {
    await replica?.close();
    await t?.close();
  });

  const userToken = (scope?: string) => setup.userToken(scope);
  const agent = (options?: AgentOptions) => setup.agent(options);
  const clientToken = (client: TestClient) => clientTokenOf(t.app, client);

  function openidClient(client: TestClient): oidc.Configuration {
    const config = new oidc.Configuration({ issuer: t.config.publicUrl, token_endpoint: `${t.baseUrl}/oauth/token` }, client.clientId, client.clientSecret);
    oidc.allowInsecureRequests(config); // loopback HTTP in the test
    return config;
  }

  const exchange = (client: TestClient, subjectToken: string, actorToken: string, extra: Record<string, string> = {}) =>
    exchangeToken(t.app, client, subjectToken, actorToken, extra);

  const apiStatus = async (on: TestApp, token: string): Promise<number> =>
    (await on.app.inject({ method: 'GET', url: '/v1/policies', headers: bearer(token) })).statusCode;

  const introspect = async (on: TestApp, introspector: TestClient, token: string): Promise<Record<string, unknown>> =>
    (
      await on.app.inject({
        method: 'POST',
        url: '/v1/oauth/introspect',
        payload: { token, client_id: introspector.clientId, client_secret: introspector.clientSecret },
      })
    ).json();

  describe('the delegated token', () => {
    it('has the user as sub, the agent as client_id and act, verifies against the JWKS, and has no refresh token', async () => {
      const { client, token: actorToken } = await agent();
      const subjectToken = await userToken();
      const response = await oidc.genericGrantRequest(openidClient(client), exchangeGrant, {
        subject_token: subjectToken,
        subject_token_type: accessTokenType,
        actor_token: actorToken,
        actor_token_type: accessTokenType,
      });
      expect(response.issued_token_type).to.equal(accessTokenType);
      expect(response.token_type).to.equal('bearer'); // openid-client lower-cases it
      expect(response.refresh_token).to.equal(undefined);
      const { payload } = await jwtVerify(response.access_token, createRemoteJWKSet(new URL(`${t.baseUrl}/oauth/.well-known/jwks.json`)), {
        issuer: t.config.publicUrl,
        audience: t.config.publicUrl,
      });
      expect(payload).to.include({ sub: user.id, client_id: client.clientId, scope: 'read:policies read:principals' });
      expect(payload.act).to.deep.equal({ sub: client.clientId, client_id: client.clientId });
      expect(await apiStatus(t, response.access_token)).to.equal(200);
      expect(await apiStatus(replica, response.access_token)).to.equal(200);
    });

    it('is described with its act claim by introspection (RFC 7662)', async () => {
      const { client, token: actorToken } = await agent();
      const delegated = expectTokens(await exchange(client, await userToken(), actorToken)).access_token;
      const body = await introspect(t, client, delegated);
      expect(body).to.include({ active: true, sub: user.id, client_id: client.clientId });
      expect(body.act).to.deep.equal({ sub: client.clientId, client_id: client.clientId });
    });

    it('nests the earlier actor under the next one, and refuses a hop past maxDelegationDepth with invalid_grant', async () => {
      const first = await agent();
      const second = await agent();
      const third = await agent();
      const once = expectTokens(await exchange(first.client, await userToken(), first.token)).access_token;
      const twice = expectTokens(await exchange(second.client, once, second.token)).access_token;
      expect(decodeJwt(twice).act).to.deep.equal({
        sub: second.client.clientId,
        client_id: second.client.clientId,
        act: { sub: first.client.clientId, client_id: first.client.clientId },
      });
      expect(await apiStatus(t, twice)).to.equal(200);
      expectOAuthError(await exchange(third.client, twice, third.token), 400, 'invalid_grant'); // default depth 2
    });

    it('holds at most the scopes the subject, the actor and the grant share', async () => {
      const { client, token } = await agent({
        scopes: ['read:policies', 'read:principals', 'write:policies'],
        grantScopes: ['read:policies', 'write:policies'],
      });
      const body = expectTokens(await exchange(client, await userToken('read:policies read:principals'), token));
      expect(body.scope).to.equal('read:policies');
    });

    it('lives no longer than the subject token has left', async () => {
      const { client, token } = await agent();
      const now = Math.floor(Date.now() / 1000);
      const subject = await forgeAccessToken(t.app, {
        claims: { sub: user.id, client_id: app.clientId, scope: 'read:policies', iat: now - 3000, exp: now + 600 },
      });
      const body = expectTokens(await exchange(client, subject, token));
      expect(body.expires_in).to.be.at.most(600);
      expect(decodeJwt(body.access_token as string).exp).to.be.at.most(now + 600);
    });
  });

  describe('hostile requests', () => {
    it('refuses an agent the user gave no grant with invalid_grant (openid-client sees the RFC 6749 error)', async () => {
      const { client, token } = await agent({ granted: false });
      const attempt = oidc.genericGrantRequest(openidClient(client), exchangeGrant, {
        subject_token: await userToken(),
        subject_token_type: accessTokenType,
        actor_token: token,
        actor_token_type: accessTokenType,
      });
      const error = await attempt.then(
        () => expect.fail('exchanged without a grant'),
        (caught: unknown) => caught,
      );
      expect(error).to.be.instanceOf(oidc.ResponseBodyError);
      expect((error as oidc.ResponseBodyError).error).to.equal('invalid_grant');
    });

    it('refuses an expired grant, and a revoked one', async () => {
      const expired = await agent({ expiresAt: new Date(Date.now() - 1000) });
      expectOAuthError(await exchange(expired.client, await userToken(), expired.token), 400, 'invalid_grant');
      const revoked = await agent();
      await revokeDelegation(t.app, systemContext('system:test'), revoked.grant!.id);
      expectOAuthError(await exchange(revoked.client, await userToken(), revoked.token), 400, 'invalid_grant');
    });

    it('refuses an expired, a revoked, a foreign-signed subject token and a refresh token as subject_token', async () => {
      const { client, token } = await agent();
      const now = Math.floor(Date.now() / 1000);
      const expired = await forgeAccessToken(t.app, { claims: { sub: user.id, client_id: app.clientId, iat: now - 3700, exp: now - 100 } });
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const foreign = await forgeAccessToken(t.app, { key: privateKey, claims: { sub: user.id, client_id: app.clientId } });
      const revoked = await userToken();
      const revocation = await t.app.inject({ method: 'POST', url: '/v1/oauth/revoke', payload: { token: revoked, ...clientFields(app) } });
      expect(revocation.statusCode, revocation.body).to.equal(200);
      const code = await authorizationCode(userAgent, {
        response_type: 'code',
        client_id: app.clientId,
        redirect_uri: app.redirectUri,
        scope: 'read:policies',
      });
      const pair = expectTokens(await postToken(t.app, { grant_type: 'authorization_code', code, redirect_uri: app.redirectUri, ...clientFields(app) }));
      for (const subject of [expired, foreign, revoked, pair.refresh_token]) {
        expectOAuthError(await exchange(client, subject, token), 400, 'invalid_grant');
      }
    });

    it("refuses another agent's actor token, and a delegated token as actor token", async () => {
      const mine = await agent();
      const theirs = await agent();
      const subject = await userToken();
      expectOAuthError(await exchange(mine.client, subject, theirs.token), 400, 'invalid_grant');
      const delegated = expectTokens(await exchange(mine.client, subject, mine.token)).access_token;
      expectOAuthError(await exchange(mine.client, await userToken(), delegated), 400, 'invalid_grant');
    });

    it('refuses a scope beyond what subject, actor and grant share with invalid_scope', async () => {
      const { client, token } = await agent({ grantScopes: ['read:policies'] });
      expectOAuthError(await exchange(client, await userToken(), token, { scope: 'read:principals' }), 400, 'invalid_scope');
      expectOAuthError(await exchange(client, await userToken(), token, { scope: 'admin:all' }), 400, 'invalid_scope');
    });

    it('answers invalid_request without an actor token or with another token type, invalid_target for another audience', async () => {
      const { client, token } = await agent();
      const subject = await userToken();
      expectOAuthError(await exchange(client, subject, token, { actor_token: '' }), 400, 'invalid_request');
      expectOAuthError(await exchange(client, subject, token, { subject_token_type: 'urn:ietf:params:oauth:token-type:id_token' }), 400, 'invalid_request');
      expectOAuthError(
        await exchange(client, subject, token, { requested_token_type: 'urn:ietf:params:oauth:token-type:refresh_token' }),
        400,
        'invalid_request',
      );
      expectOAuthError(await exchange(client, subject, token, { audience: 'https://elsewhere.example' }), 400, 'invalid_target');
    });

    it('takes a DPoP-bound actor token only with a proof of its key, and binds the exchanged token to that key (RFC 9449)', async () => {
      const { client } = await agent();
      const key = await proofKey();
      const tokenUrl = `${t.config.publicUrl}/v1/oauth/token`;
      const bound = await t.app.inject({
        method: 'POST',
        url: '/v1/oauth/token',
        headers: { dpop: await proof(key, { htm: 'POST', htu: tokenUrl }) },
        payload: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret },
      });
      const actorToken = (bound.json() as { access_token: string }).access_token;
      const jkt = (decodeJwt(actorToken).cnf as { jkt: string }).jkt;
      const subjectToken = await userToken();
      // Without a proof, a stolen bound token would turn into an unbound one: refused.
      expect(expectOAuthError(await exchange(client, subjectToken, actorToken), 400, 'invalid_grant').error_description).to.match(/bound to a DPoP key/);
      const withProof = await t.app.inject({
        method: 'POST',
        url: '/v1/oauth/token',
        headers: { dpop: await proof(key, { htm: 'POST', htu: tokenUrl }) },
        payload: exchangeFields(client, subjectToken, actorToken),
      });
      expect(withProof.statusCode, withProof.body).to.equal(200);
      const exchanged = withProof.json() as { access_token: string; token_type: string };
      expect(exchanged.token_type).to.equal('DPoP');
      expect(decodeJwt(exchanged.access_token).cnf).to.deep.equal({ jkt });
    });

    it('refuses a client not registered for token exchange with unauthorized_client', async () => {
      const plain = await registerClient(t.app, ['read:policies']);
      expectOAuthError(await exchange(plain, await userToken(), await clientToken(plain)), 400, 'unauthorized_client');
    });
  });

  describe('ending a delegation, on every replica', () => {
    it('refuses a page or limit past every number (1e309, Infinity) with 400 naming the parameter, as any other out of range', async () => {
      const caller = await clientToken(await registerClient(t.app, ['read:policies']));
      for (const query of ['page=1e309', 'page=Infinity', 'limit=-Infinity']) {
        const response = await t.app.inject({ method: 'GET', url: `/v1/delegation-grants?${query}`, headers: bearer(caller) });
        const problem = expectProblem(response, 400, 'validation_failed');
        expect(problem.errors, query).to.deep.include({ pointer: `/${query.slice(0, query.indexOf('='))}`, in: 'query', detail: 'must be a finite number' });
      }
    });

    it("lists the user's own grants over REST, hides them from others (404), and revoking one there ends its tokens on the replica", async () => {
      const { client, token, grant } = await agent();
      const subject = await userToken();
      const delegated = expectTokens(await exchange(client, subject, token)).access_token;
      const listed = await t.app.inject({ method: 'GET', url: '/v1/delegation-grants?limit=100', headers: bearer(subject) });
      expect(listed.statusCode, listed.body).to.equal(200);
      expectSchema('delegation-grant-list', listed.json());
      expect(listed.json().data.map((g: { id: string }) => g.id)).to.include(grant!.id);
      const stranger = await clientToken(await registerClient(t.app, ['read:policies']));
      expect((await t.app.inject({ method: 'DELETE', url: `/v1/delegation-grants/${grant!.id}`, headers: bearer(stranger) })).statusCode).to.equal(404);
      expect(await apiStatus(replica, delegated)).to.equal(200);
      const revoked = await t.app.inject({ method: 'DELETE', url: `/v1/delegation-grants/${grant!.id}`, headers: bearer(subject) });
      expect(revoked.statusCode, revoked.body).to.equal(200);
      expect(revoked.json().revoked_at).to.be.a('string');
      expect(await apiStatus(replica, delegated)).to.equal(401);
    });

    it('revoking the grant while exchanges run ends every token they issued, on both replicas', async () => {
      const { client, token, grant } = await agent();
      const subject = await userToken();
      const [, ...answers] = await Promise.all([
        revokeDelegation(replica.app, systemContext('system:test'), grant!.id),
        ...Array.from({ length: 8 }, () => exchange(client, subject, token)),
      ]);
      const issued = answers.filter((answer) => answer.statusCode === 200).map((answer) => (answer.json() as { access_token: string }).access_token);
      for (const answer of answers) expect([200, 400], answer.body).to.include(answer.statusCode);
      for (const delegated of issued) {
        expect(await apiStatus(t, delegated)).to.equal(401);
        expect(await apiStatus(replica, delegated)).to.equal(401);
        expect(await introspect(replica, client, delegated)).to.deep.equal({ active: false });
      }
      expectOAuthError(await exchange(client, subject, token), 400, 'invalid_grant');
    });

    it('revoking the subject token ends the tokens exchanged from it, hop after hop, on both replicas', async () => {
      const first = await agent();
      const second = await agent();
      const subject = await userToken();
      const once = expectTokens(await exchange(first.client, subject, first.token)).access_token;
      const twice = expectTokens(await exchange(second.client, once, second.token)).access_token;
      // Cached as valid on the replica first, so the revocation must reach its cache.
      expect(await apiStatus(replica, twice)).to.equal(200);
      const revocation = await t.app.inject({ method: 'POST', url: '/v1/oauth/revoke', payload: { token: subject, ...clientFields(app) } });
      expect(revocation.statusCode).to.equal(200);
      for (const delegated of [once, twice]) {
        expect(await apiStatus(replica, delegated)).to.equal(401);
        expect(await apiStatus(t, delegated)).to.equal(401);
      }
    });

    it('disabling the user ends the tokens agents hold for them, on both replicas', async () => {
      const owner = await createTestUser(t.app);
      const ownerAgent = new PageAgent(t.app);
      await signIn(ownerAgent, owner);
      const client = await registerClient(t.app, ['read:policies'], { grantTypes: ['client_credentials', exchangeGrant] });
      await grantDelegation(t.app, systemContext('system:test'), {
        principalId: owner.id,
        agentClientId: client.clientId,
        scopes: ['read:policies'],
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      const code = await authorizationCode(ownerAgent, {
        response_type: 'code',
        client_id: app.clientId,
        redirect_uri: app.redirectUri,
        scope: 'read:policies',
      });
      const subject = expectTokens(
        await postToken(t.app, { grant_type: 'authorization_code', code, redirect_uri: app.redirectUri, ...clientFields(app) }),
      ).access_token;
      const delegated = expectTokens(await exchange(client, subject, await clientToken(client))).access_token;
      expect(await apiStatus(replica, delegated)).to.equal(200);
      const admin = await registerClient(t.app, ['admin:all']);
      const disable = await t.app.inject({
        method: 'PATCH',
        url: `/v1/principals/${owner.id}`,
        headers: { ...bearer(await clientToken(admin)), 'content-type': 'application/merge-patch+json' },
        payload: JSON.stringify({ status: 'disabled' }),
      });
      expect(disable.statusCode, disable.body).to.equal(200);
      expect(await apiStatus(replica, delegated)).to.equal(401);
      expect(await apiStatus(t, delegated)).to.equal(401);
    });
  });
});
