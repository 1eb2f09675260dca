import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { bearer, createApiToken } from '../helpers/credentials.js';
import { expectProblem } from '../helpers/responses.js';
import { expectSchema } from '../helpers/schemas.js';
import { createApiToken as createApiTokenInService } from '../../server/src/domains/api-tokens/service.js';
import type { Caller } from '../../server/src/plugins/auth/caller.js';
import { systemContext } from '../../server/src/events/context.js';

const sha256 = (value: string): string => createHash('sha256').update(value, 'utf8').digest('hex');

/** POST /v1/auth/token, POST /v1/auth/refresh, DELETE /v1/auth/revoke: long-lived API tokens. */
describe('API tokens', () => {
  let t: TestApp;
  let adminToken: string;
  let adminClientId: string;
  before(async () => {
    t = await startTestApp();
    const admin = await registerClient(t.app, ['admin:all']);
    adminClientId = admin.clientId;
    adminToken = await accessToken(t.app, admin);
  });
  after(async () => t.close());

  /** Whether the token gets past authentication on a route that needs admin:all (201) or not. */
  const createWith = (token: string) =>
    t.app.inject({ method: 'POST', url: '/v1/auth/token', headers: bearer(token), payload: { name: 'probe', scopes: ['read:audit'] } });
  /** DELETE /v1/auth/revoke: without a payload the presented token revokes itself. */
  const revokeWith = (token: string, payload?: Record<string, string>) =>
    t.app.inject({ method: 'DELETE', url: '/v1/auth/revoke', headers: bearer(token), ...(payload ? { payload } : {}) });

  describe('creation', () => {
    it('answers 201 with a token matching schemas/api-token.json, prefixed acctl_, and Cache-Control: no-store', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/token',
        headers: bearer(adminToken),
        payload: { name: 'ci-deploy', scopes: ['read:policies', 'write:policies'], expires_in: 3600 },
      });
      expect(response.statusCode, response.body).to.equal(201);
      expect(response.headers['cache-control']).to.equal('no-store');
      const body = response.json();
      expectSchema('api-token', body);
      expect(body.token).to.match(/^acctl_/);
      expect(body).to.include({ name: 'ci-deploy', token_type: 'Bearer', created_by: adminClientId, expires_in: 3600 });
      expect(body.scopes).to.deep.equal(['read:policies', 'write:policies']);
    });

    it('stores only the SHA-256 of the token, never the token itself', async () => {
      const created = await createApiToken(t.app, adminToken, { name: 'stored', scopes: ['read:audit'] });
      const row = await t.app.db('api_tokens').where({ id: created.id }).first();
      expect(row.token_hash).to.equal(sha256(created.token));
      expect(JSON.stringify(row)).to.not.include(created.token);
      expect(JSON.stringify(row)).to.not.include(created.token.slice('acctl_'.length, -6));
    });

    it('refuses a caller without admin:all with 403, whatever scopes it asks for', async () => {
      const narrow = await registerClient(t.app, ['read:audit', 'read:policies']);
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/token',
        headers: bearer(await accessToken(t.app, narrow)),
        payload: { name: 'x', scopes: ['write:policies'] },
      });
      expectProblem(response, 403, 'insufficient_scope');
    });

    it('refuses, in the service itself, scopes the caller lacks (no token can outgrow its maker)', async () => {
      // The route already requires admin:all; this is the second wall behind it.
      const caller: Caller = { kind: 'api_token', subject: 'narrow', clientId: null, scopes: ['read:audit'], tokenId: 'x', expiresAt: null };
      let refused: unknown;
      try {
        await createApiTokenInService(
          {
            db: t.app.db,
            auditLog: t.app.auditLog,
            keys: t.app.signingKeys,
            issuer: t.config.publicUrl,
            accessTokenTtlSeconds: t.config.accessTokenTtlSeconds,
          },
          systemContext('narrow'),
          caller,
          { name: 'x', scopes: ['read:audit', 'write:policies'] },
        );
      } catch (error) {
        refused = error;
      }
      expect(refused).to.include({ code: 'forbidden', status: 403 });
      expect(await t.app.db('api_tokens').where({ subject: 'narrow' }).first()).to.equal(undefined);
    });

    it('answers 400 validation_failed to an unknown scope', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/token',
        headers: bearer(adminToken),
        payload: { name: 'x', scopes: ['read:everything'] },
      });
      expectProblem(response, 400, 'validation_failed');
    });
  });

  describe('use as a bearer token', () => {
    it('works with the scopes it was given', async () => {
      const created = await createApiToken(t.app, adminToken, { name: 'admin-token', scopes: ['admin:all'] });
      expect((await createWith(created.token)).statusCode).to.equal(201);
    });

    it('is refused with 403 insufficient_scope where it needs a scope it was not given', async () => {
      const created = await createApiToken(t.app, adminToken, { name: 'reader', scopes: ['read:audit', 'read:policies'] });
      expectProblem(await createWith(created.token), 403, 'insufficient_scope');
    });

    it('is refused with 401 when its checksum does not match, even if its hash were stored', async () => {
      const created = await createApiToken(t.app, adminToken, { name: 'checksum', scopes: ['admin:all'] });
      const last = created.token.at(-1)!;
      const broken = `${created.token.slice(0, -1)}${last === 'A' ? 'B' : 'A'}`;
      // Store the broken token's hash so only the checksum check stands between it and the database.
      await t.app
        .db('api_tokens')
        .where({ id: created.id })
        .update({ token_hash: sha256(broken) });
      expectProblem(await createWith(broken), 401, 'invalid_token');
    });

    it('is refused with 401 once its expiry has passed', async () => {
      const created = await createApiToken(t.app, adminToken, { name: 'short', scopes: ['admin:all'], expires_in: 60 });
      expect((await createWith(created.token)).statusCode).to.equal(201);
      await t.app
        .db('api_tokens')
        .where({ id: created.id })
        .update({ expires_at: new Date(Date.now() - 1000) });
      expectProblem(await createWith(created.token), 401, 'invalid_token');
    });
  });

  describe('refresh', () => {
    it('answers a new token with the same name and scopes, and the old one stops working at once', async () => {
      const old = await createApiToken(t.app, adminToken, { name: 'rotating', scopes: ['admin:all'], expires_in: 600 });
      const response = await t.app.inject({ method: 'POST', url: '/v1/auth/refresh', headers: bearer(old.token) });
      expect(response.statusCode, response.body).to.equal(200);
      expect(response.headers['cache-control']).to.equal('no-store');
      const fresh = response.json();
      expectSchema('api-token', fresh);
      expect(fresh).to.include({ name: 'rotating', replaces: old.id, expires_in: 600 });
      expect(fresh.token).to.not.equal(old.token);
      expect(fresh.scopes).to.deep.equal(['admin:all']);
      expectProblem(await createWith(old.token), 401, 'invalid_token');
      expect((await createWith(fresh.token)).statusCode).to.equal(201);
    });

    it('accepts Content-Type: application/json with no body, as spec clients send on every request', async () => {
      const old = await createApiToken(t.app, adminToken, { name: 'json-header', scopes: ['read:audit'] });
      const response = await t.app.inject({ method: 'POST', url: '/v1/auth/refresh', headers: { ...bearer(old.token), 'content-type': 'application/json' } });
      expect(response.statusCode, response.body).to.equal(200);
    });

    it('sets the new lifetime when expires_in is given', async () => {
      const old = await createApiToken(t.app, adminToken, { name: 'relife', scopes: ['read:audit'] });
      const response = await t.app.inject({ method: 'POST', url: '/v1/auth/refresh', headers: bearer(old.token), payload: { expires_in: 120 } });
      expect(response.statusCode, response.body).to.equal(200);
      expect(response.json().expires_in).to.equal(120);
    });

    it('answers 400 wrong_token_kind to a JWT access token', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/v1/auth/refresh', headers: bearer(adminToken) });
      expectProblem(response, 400, 'wrong_token_kind');
    });

    it('cannot be used twice with the same old token', async () => {
      const old = await createApiToken(t.app, adminToken, { name: 'once', scopes: ['read:audit'] });
      expect((await t.app.inject({ method: 'POST', url: '/v1/auth/refresh', headers: bearer(old.token) })).statusCode).to.equal(200);
      expectProblem(await t.app.inject({ method: 'POST', url: '/v1/auth/refresh', headers: bearer(old.token) }), 401, 'invalid_token');
    });
  });

  describe('revocation', () => {
    it('revokes the presented API token when there is no body', async () => {
      const created = await createApiToken(t.app, adminToken, { name: 'self', scopes: ['admin:all'] });
      const response = await revokeWith(created.token);
      expect(response.statusCode, response.body).to.equal(200);
      expectSchema('api-token-revoked', response.json());
      expect(response.json()).to.include({ revoked: true, token_kind: 'api_token', id: created.id });
      expectProblem(await createWith(created.token), 401, 'invalid_token');
    });

    it('revokes the presented JWT access token when there is no body, with Content-Type: application/json', async () => {
      const client = await registerClient(t.app, ['admin:all']);
      const token = await accessToken(t.app, client);
      const response = await t.app.inject({ method: 'DELETE', url: '/v1/auth/revoke', headers: { ...bearer(token), 'content-type': 'application/json' } });
      expect(response.statusCode, response.body).to.equal(200);
      expect(response.json()).to.include({ revoked: true, token_kind: 'access_token' });
      expectProblem(await createWith(token), 401, 'invalid_token');
    });

    it('lets a caller revoke its own other token by value without admin:all', async () => {
      const client = await registerClient(t.app, ['read:audit']);
      const first = await accessToken(t.app, client);
      const second = await accessToken(t.app, client);
      expect((await revokeWith(first, { token: second })).statusCode).to.equal(200);
      expectProblem(await revokeWith(second), 401, 'invalid_token');
    });

    it("refuses with 403 to revoke another subject's API token by id without admin:all, and the token keeps working", async () => {
      const victim = await createApiToken(t.app, adminToken, { name: 'victim', scopes: ['admin:all'] });
      const other = await registerClient(t.app, ['read:audit']);
      const otherToken = await accessToken(t.app, other);
      expectProblem(await revokeWith(otherToken, { id: victim.id }), 403, 'forbidden');
      expect((await createWith(victim.token)).statusCode).to.equal(201);
    });

    // Changed by issue #19 (finding 5): these were refused with 403. Holding a token is the proof
    // that one may end it (RFC 7009 revokes by value; GitHub's credential revocation API too).
    it("lets a caller revoke another subject's API token by value: holding it is the proof", async () => {
      const victim = await createApiToken(t.app, adminToken, { name: 'leaked', scopes: ['admin:all'] });
      const other = await registerClient(t.app, ['read:audit']);
      expect((await revokeWith(await accessToken(t.app, other), { token: victim.token })).statusCode).to.equal(200);
      expectProblem(await createWith(victim.token), 401, 'invalid_token');
    });

    it("lets a caller revoke another subject's access token by value", async () => {
      const victimClient = await registerClient(t.app, ['read:audit']);
      const victimToken = await accessToken(t.app, victimClient);
      const other = await registerClient(t.app, ['read:audit']);
      expect((await revokeWith(await accessToken(t.app, other), { token: victimToken })).statusCode).to.equal(200);
      expectProblem(await revokeWith(victimToken), 401, 'invalid_token');
    });

    it("lets admin:all revoke another subject's API token", async () => {
      const owner = await registerClient(t.app, ['admin:all']);
      const victim = await createApiToken(t.app, await accessToken(t.app, owner), { name: 'theirs', scopes: ['read:audit'] });
      const response = await revokeWith(adminToken, { id: victim.id });
      expect(response.statusCode, response.body).to.equal(200);
      expect(response.json()).to.include({ token_kind: 'api_token', id: victim.id });
      expectProblem(await revokeWith(victim.token), 401, 'invalid_token');
    });

    it("lets admin:all revoke another subject's access token by value", async () => {
      const owner = await registerClient(t.app, ['read:audit']);
      const victimToken = await accessToken(t.app, owner);
      const response = await revokeWith(adminToken, { token: victimToken });
      expect(response.statusCode, response.body).to.equal(200);
      expect(response.json()).to.include({ token_kind: 'access_token' });
      expectProblem(await revokeWith(victimToken), 401, 'invalid_token');
    });
  });

  describe('across instances on one database', () => {
    let second: TestApp;
    before(async () => {
      second = await startTestApp({ databaseUrl: t.config.databaseUrl, config: { keyEncryptionKey: t.config.keyEncryptionKey } });
    });
    after(async () => second.close());

    const createOn = (app: TestApp, token: string) =>
      app.app.inject({ method: 'POST', url: '/v1/auth/token', headers: bearer(token), payload: { name: 'probe', scopes: ['read:audit'] } });

    it('a revocation of an API token on one instance is honoured by the other at once', async () => {
      const created = await createApiToken(t.app, adminToken, { name: 'replicated', scopes: ['admin:all'] });
      expect((await createOn(second, created.token)).statusCode).to.equal(201);
      expect((await revokeWith(created.token)).statusCode).to.equal(200);
      expectProblem(await createOn(second, created.token), 401, 'invalid_token');
    });

    it('a revocation of a JWT access token by value on one instance is honoured by the other at once', async () => {
      const client = await registerClient(t.app, ['admin:all']);
      const token = await accessToken(t.app, client);
      expect((await createOn(second, token)).statusCode).to.equal(201);
      expect((await revokeWith(adminToken, { token })).statusCode).to.equal(200);
      expectProblem(await createOn(second, token), 401, 'invalid_token');
    });
  });
});
