import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import type { FastifyRequest, LightMyRequestResponse } from 'fastify';
import type { Knex } from 'knex';
import { claimKey, pruneExpiredKeys, renewClaim } from '../../server/src/plugins/idempotency/key-store.js';
import { requestFingerprint } from '../../server/src/plugins/idempotency/request-fingerprint.js';
import { accessToken, registerClient, startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { bearer } from '../helpers/credentials.js';
import { freshDatabase } from '../helpers/database.js';
import { clientCredentialsToken, httpCall, type HttpAnswer } from '../helpers/http.js';
import { expectProblem } from '../helpers/responses.js';

/**
 * Issue #22: Idempotency-Key on every POST that creates, as Stripe has it. The same key and request
 * replay the first answer (`Idempotent-Replayed: true`) and create nothing more; the same key with
 * another request is a 422; a key in use is a 409; keys live in PostgreSQL, per caller, shared by
 * replicas. docs/api.md, "Idempotent requests".
 */
describe('Idempotency-Key on the POST routes that create (plugins/idempotency)', function () {
  this.timeout(60_000);

  const countRows = async (db: Knex, table: string, where: Record<string, unknown>): Promise<number> =>
    Number(((await db(table).where(where).count({ n: '*' })) as Array<{ n: number | string }>)[0]!.n);

  describe('on one instance', () => {
    let t: TestApp;
    let client: TestClient;
    let token: string;
    let otherToken: string;

    before(async () => {
      t = await startTestApp({ config: { webhooksAllowHttp: true, webhooksAllowPrivateNetworks: true } });
      client = await registerClient(t.app, ['admin:all']);
      token = await accessToken(t.app, client);
      otherToken = await accessToken(t.app, await registerClient(t.app, ['admin:all']));
    });
    after(async () => t.close());

    const post = (url: string, payload: unknown, key?: string, headers: Record<string, string> = {}, caller = token): Promise<LightMyRequestResponse> =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(caller), ...(key === undefined ? {} : { 'idempotency-key': key }), ...headers },
        payload: payload as Record<string, unknown>,
      });
    const tokensNamed = (name: string): Promise<number> => countRows(t.app.db, 'api_tokens', { name });
    const replayed = (response: LightMyRequestResponse): string | undefined => response.headers['idempotent-replayed'] as string | undefined;

    it('replays the first answer of a repeated create, with its Location and ETag, marked Idempotent-Replayed: true, and creates once', async () => {
      const key = randomUUID();
      const body = { name: `idem-policy-${key}`, rules: [] };
      const first = await post('/v1/policies', body, key);
      expect(first.statusCode, first.body).to.equal(201);
      expect(replayed(first)).to.equal(undefined);

      const again = await post('/v1/policies', body, key);
      expect(again.statusCode, again.body).to.equal(201);
      expect(replayed(again)).to.equal('true');
      expect(again.body).to.equal(first.body);
      expect(again.headers.location).to.equal(first.headers.location);
      expect(again.headers.etag).to.equal(first.headers.etag);
      expect(again.headers['content-type']).to.equal(first.headers['content-type']);
      expect(again.headers['x-request-id']).to.not.equal(first.headers['x-request-id']);
      expect(await countRows(t.app.db, 'policies', { name: body.name })).to.equal(1);
    });

    it('creates one API token however often its request is sent again with the same key', async () => {
      const key = randomUUID();
      const name = `idem-token-${key}`;
      const answers: LightMyRequestResponse[] = [];
      for (let n = 0; n < 3; n++) answers.push(await post('/v1/auth/token', { name, scopes: ['read:policies'] }, key));
      expect(answers.map((a) => a.statusCode)).to.deep.equal([201, 201, 201]);
      expect(answers.map(replayed)).to.deep.equal([undefined, 'true', 'true']);
      expect(new Set(answers.map((a) => (a.json() as { id: string }).id)).size).to.equal(1);
      expect(await tokensNamed(name)).to.equal(1);
    });

    it('answers 422 idempotency_key_reused to the key sent again with another body, or to another path, and creates nothing', async () => {
      const key = randomUUID();
      const name = `idem-reused-${key}`;
      expect((await post('/v1/auth/token', { name, scopes: ['read:policies'] }, key)).statusCode).to.equal(201);

      const otherBody = await post('/v1/auth/token', { name, scopes: ['read:audit'] }, key);
      expectProblem(otherBody, 422, 'idempotency_key_reused');
      const otherPath = await post('/v1/policies', { name, rules: [] }, key);
      expectProblem(otherPath, 422, 'idempotency_key_reused');
      expect(await tokensNamed(name)).to.equal(1);
      expect(await countRows(t.app.db, 'policies', { name })).to.equal(0);
    });

    it('compares bodies as canonical JSON: members in another order are the same request', async () => {
      const key = randomUUID();
      const name = `idem-order-${key}`;
      const first = await post('/v1/auth/token', { name, scopes: ['read:policies'], expires_in: 3600 }, key);
      const again = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/token',
        headers: { ...bearer(token), 'idempotency-key': key, 'content-type': 'application/json' },
        payload: `{ "expires_in": 3600,\n  "scopes": ["read:policies"], "name": ${JSON.stringify(name)} }`,
      });
      expect(again.statusCode, again.body).to.equal(201);
      expect(replayed(again)).to.equal('true');
      expect((again.json() as { id: string }).id).to.equal((first.json() as { id: string }).id);
    });

    it("keeps each caller's keys apart: another client's same key and body creates its own token, and never sees the first answer", async () => {
      const key = randomUUID();
      const name = `idem-callers-${key}`;
      const mine = await post('/v1/auth/token', { name, scopes: ['read:policies'] }, key);
      const theirs = await post('/v1/auth/token', { name, scopes: ['read:policies'] }, key, {}, otherToken);
      expect([mine.statusCode, theirs.statusCode]).to.deep.equal([201, 201]);
      expect(replayed(theirs)).to.equal(undefined);
      expect((theirs.json() as { id: string }).id).to.not.equal((mine.json() as { id: string }).id);
      expect(await tokensNamed(name)).to.equal(2);
    });

    it('refuses a key that is empty, over 255 characters, holds a space or is sent twice: 400 validation_failed naming the header, nothing created', async () => {
      const name = `idem-bad-key-${randomUUID()}`;
      for (const key of ['', 'x'.repeat(256), 'two words', 'caf\u00e9']) {
        const response = await post('/v1/auth/token', { name, scopes: ['read:policies'] }, key);
        const problem = expectProblem(response, 400, 'validation_failed');
        expect(problem.errors).to.deep.equal([
          { pointer: '/idempotency-key', in: 'headers', detail: (problem.errors as Array<{ detail: string }>)[0]!.detail },
        ]);
      }
      // Two header lines, as a confused proxy or client sends them.
      const twice = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/token',
        headers: { ...bearer(token), 'idempotency-key': ['a', 'b'] },
        payload: { name, scopes: ['read:policies'] },
      });
      expectProblem(twice, 400, 'validation_failed');
      expect(await tokensNamed(name)).to.equal(0);
      const longest = await post('/v1/auth/token', { name, scopes: ['read:policies'] }, 'k'.repeat(255));
      expect(longest.statusCode, longest.body).to.equal(201);
    });

    it('never stores a one-time secret: a replay of an API token or webhook creation answers without it', async () => {
      const tokenKey = randomUUID();
      const created = await post('/v1/auth/token', { name: `idem-secret-${tokenKey}`, scopes: ['read:policies'] }, tokenKey);
      const apiToken = (created.json() as { token: string }).token;
      expect(apiToken).to.be.a('string');
      const tokenReplay = await post('/v1/auth/token', { name: `idem-secret-${tokenKey}`, scopes: ['read:policies'] }, tokenKey);
      expect(tokenReplay.statusCode).to.equal(201);
      expect(replayed(tokenReplay)).to.equal('true');
      const { token: _token, ...withoutToken } = created.json() as Record<string, unknown>;
      expect(tokenReplay.json()).to.deep.equal(withoutToken);
      expect(tokenReplay.headers['cache-control']).to.equal('no-store');

      const hookKey = randomUUID();
      const hookBody = { url: 'http://127.0.0.1:9/hook', event_types: ['webhook.test'] };
      const hook = await post('/v1/webhooks', hookBody, hookKey);
      expect(hook.statusCode, hook.body).to.equal(201);
      const secret = (hook.json() as { secret: string }).secret;
      const hookReplay = await post('/v1/webhooks', hookBody, hookKey);
      expect(hookReplay.statusCode).to.equal(201);
      const { secret: _secret, ...withoutSecret } = hook.json() as Record<string, unknown>;
      expect(hookReplay.json()).to.deep.equal(withoutSecret);
      expect(hookReplay.headers.location).to.equal(hook.headers.location);

      const stored = JSON.stringify(await t.app.db('idempotency_keys').select('*'));
      expect(stored).to.not.include(apiToken);
      expect(stored).to.not.include(secret.slice('whsec_'.length));
    });

    it("replays the handler's refusal (a name already taken, 409) but keeps no validation failure: the corrected request runs with the same key", async () => {
      const name = `idem-taken-${randomUUID()}`;
      expect((await post('/v1/policies', { name, rules: [] })).statusCode).to.equal(201);
      const key = randomUUID();
      const taken = await post('/v1/policies', { name, rules: [] }, key);
      expectProblem(taken, 409, 'conflict');
      const takenAgain = await post('/v1/policies', { name, rules: [] }, key);
      expect(takenAgain.statusCode).to.equal(409);
      expect(replayed(takenAgain)).to.equal('true');
      expect(takenAgain.body).to.equal(taken.body);

      const laterKey = randomUUID();
      const invalid = await post('/v1/policies', { name: `${name}-2`, rules: 'none' }, laterKey);
      expectProblem(invalid, 400, 'validation_failed');
      const corrected = await post('/v1/policies', { name: `${name}-2`, rules: [] }, laterKey);
      expect(corrected.statusCode, corrected.body).to.equal(201);
      expect(replayed(corrected)).to.equal(undefined);
    });

    it('releases the key when the request fails with a 5xx, so that the retry runs again', async () => {
      // Every insert into api_tokens fails as a serialization failure: retried, then 503 write_conflict.
      await t.app.db.raw(`CREATE FUNCTION idem_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'refused by the test' USING ERRCODE = '40001'; END $$`);
      await t.app.db.raw('CREATE TRIGGER idem_test_refuse BEFORE INSERT ON api_tokens FOR EACH ROW EXECUTE FUNCTION idem_test_refuse()');
      const key = randomUUID();
      const name = `idem-5xx-${key}`;
      try {
        expectProblem(await post('/v1/auth/token', { name, scopes: ['read:policies'] }, key), 503, 'write_conflict');
      } finally {
        await t.app.db.raw('DROP TRIGGER idem_test_refuse ON api_tokens');
        await t.app.db.raw('DROP FUNCTION idem_test_refuse()');
      }
      const retry = await post('/v1/auth/token', { name, scopes: ['read:policies'] }, key);
      expect(retry.statusCode, retry.body).to.equal(201);
      expect(replayed(retry)).to.equal(undefined);
      expect(await tokensNamed(name)).to.equal(1);
    });

    it('answers 409 idempotency_key_in_use with Retry-After while the first request runs, then replays its answer', async () => {
      const policy = (await post('/v1/policies', { name: `idem-rollback-${randomUUID()}`, rules: [] })).json() as { id: string; name: string };
      const put = await t.app.inject({ method: 'PUT', url: `/v1/policies/${policy.id}`, headers: bearer(token), payload: { name: policy.name, rules: [] } });
      expect(put.statusCode, put.body).to.equal(200);
      const key = randomUUID();

      // The rollback locks the policy's row: holding that lock here keeps the first request in its handler.
      const hold = await t.app.db.transaction();
      let first: Promise<LightMyRequestResponse> | undefined;
      try {
        await hold.raw('SELECT id FROM policies WHERE id = ? FOR UPDATE', [policy.id]);
        first = post(`/v1/policies/${policy.id}/rollback`, { version: 1 }, key);
        for (let n = 0; (await countRows(t.app.db, 'idempotency_keys', { key })) === 0; n++) {
          if (n > 200) throw new Error('the first request never claimed its key');
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        const during = await post(`/v1/policies/${policy.id}/rollback`, { version: 1 }, key);
        expectProblem(during, 409, 'idempotency_key_in_use');
        expect(during.headers['retry-after']).to.equal('1');
      } finally {
        await hold.commit();
      }
      const answered = await first!;
      expect(answered.statusCode, answered.body).to.equal(200);
      const after = await post(`/v1/policies/${policy.id}/rollback`, { version: 1 }, key);
      expect(after.statusCode).to.equal(200);
      expect(replayed(after)).to.equal('true');
      expect(after.body).to.equal(answered.body);
      // Version 1, the update, and one rollback.
      expect(await countRows(t.app.db, 'policy_versions', { policy_id: policy.id })).to.equal(3);
    });

    it("takes over the key of a request whose process stopped mid-way, once that request's lease has run out", async () => {
      const key = randomUUID();
      const body = { name: `idem-lease-${key}`, scopes: ['read:policies'] };
      // What a process killed inside its handler leaves: a claim, no answer.
      const requestHash = requestFingerprint({ method: 'POST', url: '/v1/auth/token', headers: {}, body } as unknown as FastifyRequest);
      await t.app.db.raw(
        `INSERT INTO idempotency_keys (caller_kind, caller_subject, caller_client_id, key, request_hash, claim, locked_until, created_at, expires_at)
         VALUES ('access_token', ?, ?, ?, ?, ?, now() + interval '1 minute', now(), now() + interval '1 day')`,
        [client.clientId, client.clientId, key, requestHash, randomUUID()],
      );
      expectProblem(await post('/v1/auth/token', body, key), 409, 'idempotency_key_in_use');
      expect(await tokensNamed(body.name)).to.equal(0);

      await t.app
        .db('idempotency_keys')
        .where({ key })
        .update({ locked_until: t.app.db.raw("now() - interval '1 second'") });
      const retry = await post('/v1/auth/token', body, key);
      expect(retry.statusCode, retry.body).to.equal(201);
      expect(replayed(retry)).to.equal(undefined);
      expect(await tokensNamed(body.name)).to.equal(1);
      expect(replayed(await post('/v1/auth/token', body, key))).to.equal('true');
    });

    it('keeps the key of a request still running past its lease: the renewal its process sends, and only its own, extends the hold', async () => {
      const owner = { kind: 'api_token', subject: 'renewal-test', clientId: '' };
      const key = randomUUID();
      const first = await claimKey(t.app.db, owner, key, 'request-a');
      if (first.kind !== 'claimed') throw new Error(`expected a claim, got ${first.kind}`);
      const lapse = (): Promise<number> =>
        t.app
          .db('idempotency_keys')
          .where({ key })
          .update({ locked_until: t.app.db.raw("now() - interval '1 second'") });

      await lapse();
      await renewClaim(t.app.db, first.claim);
      expect((await claimKey(t.app.db, owner, key, 'request-a')).kind, 'renewed by its holder').to.equal('in_flight');

      await lapse();
      await renewClaim(t.app.db, { owner, key, id: randomUUID() });
      expect((await claimKey(t.app.db, owner, key, 'request-a')).kind, 'a stranger cannot renew it').to.equal('claimed');
    });

    it('treats a key first used more than 24 hours ago as new', async () => {
      const key = randomUUID();
      await t.app.db.raw(
        `INSERT INTO idempotency_keys (caller_kind, caller_subject, caller_client_id, key, request_hash, claim, status, headers, body, created_at, expires_at)
         VALUES ('access_token', ?, ?, ?, 'an-older-request', ?, 201, '{}', '{}', now() - interval '25 hours', now() - interval '1 hour')`,
        [client.clientId, client.clientId, key, randomUUID()],
      );
      const name = `idem-expired-${key}`;
      const response = await post('/v1/auth/token', { name, scopes: ['read:policies'] }, key);
      expect(response.statusCode, response.body).to.equal(201);
      expect(replayed(response)).to.equal(undefined);
      expect(await tokensNamed(name)).to.equal(1);
    });

    it('prunes expired keys in bounded batches and leaves live ones', async () => {
      const live = randomUUID();
      expect((await post('/v1/auth/token', { name: `idem-live-${live}`, scopes: ['read:policies'] }, live)).statusCode).to.equal(201);
      const rows = Array.from({ length: 5 }, () => ({
        caller_kind: 'api_token',
        caller_subject: 'prune-test',
        caller_client_id: '',
        key: randomUUID(),
        request_hash: 'x',
        claim: randomUUID(),
        status: 201,
        headers: '{}',
        body: '{}',
        created_at: t.app.db.raw("now() - interval '2 days'"),
        expires_at: t.app.db.raw("now() - interval '1 day'"),
      }));
      await t.app.db('idempotency_keys').insert(rows);
      const expired = async (): Promise<number> =>
        Number(((await t.app.db('idempotency_keys').where('expires_at', '<=', t.app.db.fn.now()).count({ n: '*' })) as Array<{ n: number }>)[0]!.n);
      const before = await expired();
      expect(await pruneExpiredKeys(t.app.db, { batchSize: 2, maxBatches: 2 })).to.equal(4);
      expect(await expired()).to.equal(before - 4);
      await pruneExpiredKeys(t.app.db);
      expect(await expired()).to.equal(0);
      expect(await countRows(t.app.db, 'idempotency_keys', { key: live })).to.equal(1);
    });

    it('leaves requests without the header as they were, and routes that do not create ignore it', async () => {
      const name = `idem-none-${randomUUID()}`;
      for (let n = 0; n < 2; n++) expect((await post('/v1/auth/token', { name, scopes: ['read:policies'] })).statusCode).to.equal(201);
      expect(await tokensNamed(name)).to.equal(2);

      const key = randomUUID();
      const simulation = {
        policy: { name: 'p', rules: [] },
        request: { principal: { type: 'USER', id: 'u' }, resource: { type: 'doc', identifier: 'd' }, action: 'read' },
      };
      const simulated = await post('/v1/policies/simulate', simulation, key);
      expect(simulated.statusCode, simulated.body).to.equal(200);
      expect(replayed(simulated)).to.equal(undefined);
      expect(await countRows(t.app.db, 'idempotency_keys', { key })).to.equal(0);
    });

    it('lists in docs/api.md exactly the routes that take the header', () => {
      const doc = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
      const start = doc.indexOf('\n## Idempotent requests\n');
      expect(start, 'docs/api.md has a section "Idempotent requests"').to.be.greaterThan(-1);
      const section = doc.slice(start + 1, doc.indexOf('\n## ', start + 1) === -1 ? undefined : doc.indexOf('\n## ', start + 1));
      const listed = [...section.matchAll(/^- `(POST \/v1\/[^`]+)`/gm)].map((match) => match[1]!);
      const routes = t.app.idempotentRoutes.map((route) => route.replace(/:([a-z_]+)/g, '{$1}'));
      expect(listed).to.have.members(routes);
      expect(routes).to.have.lengthOf(8);
    });
  });

  describe('two instances on one database', () => {
    const instances: TestApp[] = [];
    let token: string;
    const base = (n: number): string => `http://127.0.0.1:${instances[n % 2]!.config.port}/v1`;

    before(async () => {
      const databaseUrl = await freshDatabase();
      const keyEncryptionKey = randomBytes(32).toString('base64');
      // Replicas behind one load balancer share one public URL: the tokens' issuer and audience.
      const publicUrl = 'https://acctl.idempotency.test';
      for (let n = 0; n < 2; n++) instances.push(await startTestApp({ listen: true, databaseUrl, config: { keyEncryptionKey, publicUrl } }));
      const admin = await registerClient(instances[0]!.app, ['admin:all']);
      token = await clientCredentialsToken(base(0), admin.clientId, admin.clientSecret);
    });
    after(async () => {
      for (const instance of instances) await instance.close();
    });

    it('creates exactly one API token from ten requests sent at once with one key, half to each instance', async () => {
      for (let round = 0; round < 5; round++) {
        const key = randomUUID();
        const name = `idem-parallel-${key}`;
        const answers: HttpAnswer[] = await Promise.all(
          Array.from({ length: 10 }, (_, n) =>
            httpCall(`${base(n)}/auth/token`, { token, headers: { 'idempotency-key': key }, body: { name, scopes: ['read:policies'] } }),
          ),
        );
        const fresh = answers.filter((a) => a.status === 201 && a.headers.get('idempotent-replayed') === null);
        const replays = answers.filter((a) => a.status === 201 && a.headers.get('idempotent-replayed') === 'true');
        const inUse = answers.filter((a) => a.status === 409 && a.body.code === 'idempotency_key_in_use' && a.headers.get('retry-after') === '1');
        expect(fresh, `round ${round}: ${JSON.stringify(answers.map((a) => a.status))}`).to.have.lengthOf(1);
        expect(fresh.length + replays.length + inUse.length, JSON.stringify(answers.map((a) => [a.status, a.body.code]))).to.equal(10);
        const id = fresh[0]!.body.id as string;
        for (const replay of replays) expect(replay.body.id).to.equal(id);
        expect(await countRows(instances[1]!.app.db, 'api_tokens', { name })).to.equal(1);

        // Once the first has answered, every instance replays it.
        for (const n of [0, 1]) {
          const later = await httpCall(`${base(n)}/auth/token`, { token, headers: { 'idempotency-key': key }, body: { name, scopes: ['read:policies'] } });
          expect(later.status).to.equal(201);
          expect(later.headers.get('idempotent-replayed')).to.equal('true');
          expect(later.body.id).to.equal(id);
        }
      }
    });
  });
});
