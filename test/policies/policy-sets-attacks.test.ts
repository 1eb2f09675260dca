import type { IncomingMessage, ServerResponse } from 'node:http';
import net from 'node:net';
import { expect } from 'chai';
import type { FastifyInstance } from 'fastify';
import type { PolicyMetadata } from '../../core/src/index.js';
import { drainTime, maxWaitingSets, maxWaitingSetsPerCaller } from '../../server/src/domains/policies/policy-sets-routes.js';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { eventually } from '../helpers/eventually.js';
import { httpCall, type HttpAnswer } from '../helpers/http.js';
import { holdSetsLock, policySetRequests, samplePolicy, type HeldSetsLock } from './fixtures.js';

/** Out of reach: the races send more sets at once than a client's bulk allowance. */
const unlimited = { rateLimitStandard: 100_000_000, rateLimitDecision: 100_000_000, rateLimitBulk: 100_000_000 };

/** What a raw connection saw: the answer's first bytes, and whether and when the server closed it. */
interface SocketOutcome {
  answer: string;
  closedAfterMs: number | null;
  /** From the last byte the client sent (flushed) to the close. */
  closedAfterSilenceMs: number | null;
}

/**
 * Issue #23, as an attacker and a careless user: POST /v1/policy-sets and what it writes, over
 * real HTTP. Each case here failed before its fix (the races and the idempotency keys are the
 * brief's shared-resource checks, kept as guards).
 */
describe('Policy change sets under attack (POST /v1/policy-sets)', function () {
  this.timeout(120_000);
  let t: TestApp;
  let app: FastifyInstance;
  let admin: string;

  before(async () => {
    t = await startTestApp({ listen: true, config: unlimited });
    app = t.app;
    admin = await accessToken(app, await registerClient(app, ['read:policies', 'write:policies', 'delete:policies']));
  });
  after(async () => t.close());

  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<HttpAnswer> =>
    httpCall(`${t.baseUrl}${path}`, { method, token: admin, headers, ...(body !== undefined ? { body } : {}) });
  let counter = 0;
  const uniqueName = (prefix: string): string => `${prefix}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
  async function create(name = uniqueName('attack')): Promise<{ id: string; name: string; version: number }> {
    const answer = await call('POST', '/policies', samplePolicy({ name }));
    expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
    return answer.body;
  }
  /** The sets lock held by a test, released after it whatever happened (a test that fails while holding it would hold every set after it). */
  const heldLocks: HeldSetsLock[] = [];
  const holdLock = async (): Promise<HeldSetsLock> => {
    const lock = await holdSetsLock(app.db);
    heldLocks.push(lock);
    return lock;
  };
  afterEach(async () => {
    for (const lock of heldLocks.splice(0)) await lock.release();
  });
  /** Waits until this process's change sets are `expected` (acctl_policy_set_requests): one applying, so many waiting for the turn. */
  const untilSets = (expected: { applying: number; waiting: number }): Promise<true> =>
    eventually(
      async () => {
        const now = await policySetRequests(app);
        return now.applying === expected.applying && now.waiting === expected.waiting ? true : undefined;
      },
      10_000,
      `change sets ${JSON.stringify(expected)}`,
    );
  /** Waits until a set waits for the sets' lock the test holds: it is in its transaction, its body read, its turn held. */
  const untilApplying = (lock: HeldSetsLock): Promise<true> =>
    eventually(async () => ((await lock.blocked()) === 1 ? true : undefined), 10_000, 'a set to wait for the sets lock');
  const versionMetadata = async (id: string, version: number): Promise<PolicyMetadata> =>
    (await call('GET', `/policies/${id}/versions/${version}`)).body.metadata;

  describe('provenance', () => {
    it('names a set only on the versions it wrote: a policy_set sent to, or carried over by, a single route is dropped', async () => {
      const set = await call('POST', '/policy-sets', { changes: [{ action: 'create', policy: samplePolicy({ name: uniqueName('by-set') }) }] });
      expect(set.status).to.equal(201);
      const setId: string = set.body.id;
      const policy = set.body.changes[0] as { id: string; name: string };
      expect((await versionMetadata(policy.id, 1)).provenance).to.deep.equal({ policy_set: setId });

      // A forged claim: a single create naming a real set, beside provenance of its own.
      const forged = await call(
        'POST',
        '/policies',
        samplePolicy({ name: uniqueName('forged'), metadata: { owner: 'x', provenance: { tool: 'curl', policy_set: setId } } }),
      );
      expect(forged.status).to.equal(201);
      expect(forged.body.metadata).to.deep.equal({ owner: 'x', provenance: { tool: 'curl' } });
      const onlyClaim = await call('POST', '/policies', samplePolicy({ name: uniqueName('forged'), metadata: { provenance: { policy_set: setId } } }));
      expect(onlyClaim.body.metadata).to.deep.equal({});

      // A PUT without metadata keeps the metadata, but not the set: version 2 is the PUT's.
      expect((await call('PUT', `/policies/${policy.id}`, { name: policy.name, rules: samplePolicy().rules })).status).to.equal(200);
      expect((await versionMetadata(policy.id, 2)).provenance).to.equal(undefined);
      expect(await versionMetadata(policy.id, 2)).to.deep.include({ owner: 'platform-team' });
      const sentBack = await call('PUT', `/policies/${policy.id}`, {
        name: policy.name,
        rules: samplePolicy().rules,
        metadata: { provenance: { commit: 'abc', policy_set: setId } },
      });
      expect(sentBack.status).to.equal(200);
      expect((await versionMetadata(policy.id, 3)).provenance).to.deep.equal({ commit: 'abc' });

      // A set's version, then a single restore: the restored version (4, then 5) is the route's, not the set's.
      const update = await call('POST', '/policy-sets', {
        changes: [{ action: 'update', id: policy.id, if_match: 3, policy: { name: policy.name, rules: samplePolicy().rules } }],
      });
      expect((await versionMetadata(policy.id, 4)).provenance).to.deep.equal({ commit: 'abc', policy_set: update.body.id });
      expect((await call('DELETE', `/policies/${policy.id}`)).status).to.equal(200);
      const restored = await call('POST', `/policies/${policy.id}/restore`);
      expect(restored.status).to.equal(200);
      expect(restored.body.version).to.equal(5);
      expect((await versionMetadata(policy.id, 5)).provenance).to.deep.equal({ commit: 'abc' });
      expect(restored.body.metadata.provenance).to.deep.equal({ commit: 'abc' });
    });
  });

  describe('a slow body over the limit', () => {
    /**
     * Sends the request line and headers on a raw connection, then `body` chunks: each string
     * at once, each number a pause of that many ms (a trickle when repeated); then waits.
     */
    function rawPost(headers: string, body: Array<string | number>, waitMs: number): Promise<SocketOutcome> {
      return new Promise((resolve) => {
        const url = new URL(t.baseUrl);
        const socket = net.connect(Number(url.port), url.hostname);
        const started = performance.now();
        // When the client last had a byte flushed: how long the server holds a silent client is
        // measured from there, not from a start a loaded machine may have spent writing.
        let lastSent = started;
        let answer = '';
        let closed = false;
        socket.on('data', (data) => (answer += data.toString('latin1')));
        socket.on('error', () => undefined);
        socket.on('close', () => {
          closed = true;
          const now = performance.now();
          resolve({ answer, closedAfterMs: now - started, closedAfterSilenceMs: now - lastSent });
        });
        socket.write(`POST /v1/policy-sets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${admin}\r\nContent-Type: application/json\r\n${headers}\r\n`);
        void (async () => {
          for (const part of body) {
            if (closed) return;
            if (typeof part === 'string') await new Promise<void>((flushed) => socket.write(part, () => flushed()));
            else await new Promise((wake) => setTimeout(wake, part));
            if (typeof part === 'string') lastSent = performance.now();
          }
        })();
        setTimeout(() => {
          if (closed) return;
          socket.destroy();
          resolve({ answer, closedAfterMs: null, closedAfterSilenceMs: null });
        }, waitMs);
      });
    }
    const mib = 1024 * 1024;
    const expectRefusedAndClosed = (outcome: SocketOutcome, withinMs: number): void => {
      expect(outcome.closedAfterMs, `still open after the wait; answer: ${outcome.answer.slice(0, 80)}`).not.to.equal(null);
      expect(outcome.closedAfterMs!).to.be.below(withinMs);
      expect(outcome.answer).to.match(/^HTTP\/1\.1 413 /);
      expect(outcome.answer).to.match(/\r\nconnection: close\r\n/i);
      expect(outcome.answer).to.include('application/problem+json').and.include('"code":"payload_too_large"');
    };

    it('answers 413 and closes the connection once the client stalls or trickles past drainTime: never holds it', async () => {
      const { idleMs, totalMs } = drainTime;
      const wait = totalMs + 8_000;
      const trickle = Array.from({ length: Math.ceil(wait / 1000) }, () => ['x', 1000]).flat();
      const chunk = `${mib.toString(16)}\r\n${'x'.repeat(mib)}\r\n`;
      const [stalled, trickling, chunkedStalled, huge] = await Promise.all([
        // Announces 40 MiB, sends 1 KiB, then nothing.
        rawPost(`Content-Length: ${40 * mib}\r\n`, ['x'.repeat(1024)], wait),
        // Announces 40 MiB and sends a byte a second: never silent for idleMs, but past totalMs.
        rawPost(`Content-Length: ${40 * mib}\r\n`, trickle, wait),
        // Chunked, past the 32 MiB limit, then nothing.
        rawPost(
          'Transfer-Encoding: chunked\r\n',
          Array.from({ length: 33 }, () => chunk),
          wait,
        ),
        // Over what is drained at all: answered and closed at once, the rest never read.
        rawPost(`Content-Length: ${200 * mib}\r\n`, ['x'.repeat(1024)], wait),
      ]);
      expectRefusedAndClosed(stalled, idleMs + 3_000);
      expect(stalled.closedAfterMs!).to.be.at.least(idleMs - 500);
      expectRefusedAndClosed(trickling, totalMs + 3_000);
      expect(trickling.closedAfterMs!).to.be.at.least(totalMs - 500);
      // Closed once it fell silent for idleMs, however long its 33 MiB took to send.
      expect(chunkedStalled.closedAfterSilenceMs, 'the chunked client was never cut off').not.to.equal(null);
      expect(chunkedStalled.closedAfterSilenceMs!).to.be.below(idleMs + 3_000);
      expectRefusedAndClosed(chunkedStalled, wait);
      expectRefusedAndClosed(huge, 3_000);
    });

    it('still reads a body just over the limit that arrives at once, and keeps the connection', async () => {
      const body = JSON.stringify({ changes: [{ action: 'create', policy: { ...samplePolicy(), description: 'x'.repeat(33 * mib) } }] });
      const answer = await fetch(`${t.baseUrl}/policy-sets`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body,
      });
      expect(answer.status).to.equal(413);
      expect(answer.headers.get('connection')).not.to.equal('close');
      expect(((await answer.json()) as { code: string }).code).to.equal('payload_too_large');
    });
  });

  describe('races', () => {
    it('20 sets at once deleting, restoring and rolling back the same policies, among single writes and dry runs: 2xx, 409 or 412 only, history whole', async () => {
      const policies = await Promise.all(Array.from({ length: 6 }, () => create()));
      const ids = policies.map((policy) => policy.id);
      const statuses = new Map<string, number>();
      const failures: string[] = [];
      const tally = (label: string) => (answer: HttpAnswer) => {
        statuses.set(`${label} ${answer.status}`, (statuses.get(`${label} ${answer.status}`) ?? 0) + 1);
        if (![200, 201, 409, 412].includes(answer.status)) failures.push(`${label}: ${answer.status} ${JSON.stringify(answer.body)}`);
        return answer;
      };
      const applied: string[] = [];
      for (let round = 0; round < 4; round++) {
        const rows: Array<{ id: string; version: number; status: string }> = await app.db('policies').whereIn('id', ids).select('id', 'version', 'status');
        const now = new Map(rows.map((row) => [row.id, row]));
        const requests: Promise<unknown>[] = [];
        for (let k = 0; k < 20; k++) {
          // Each set takes 3 of the 6 policies, in an order of its own, each at the version read: the
          // even ones the 3 no single write touches (so one of them wins each round), the odd ones any 3.
          const mine = (k % 2 === 0 ? ids.slice(3) : ids).toSorted(() => Math.random() - 0.5).slice(0, 3);
          const changes = mine.map((id) => {
            const row = now.get(id)!;
            if (row.status === 'deleted') return { action: 'restore', id, if_match: row.version };
            return k % 3 === 0 ? { action: 'delete', id, if_match: row.version } : { action: 'rollback', id, if_match: row.version, version: 1 };
          });
          const dryRun = k % 5 === 4;
          requests.push(
            call('POST', '/policy-sets', { changes, dry_run: dryRun })
              .then(tally(dryRun ? 'dry run' : 'set'))
              .then((answer) => void (answer.status === 201 && applied.push(answer.body.id))),
          );
          const id = ids[k % 3]!;
          const row = now.get(id)!;
          const single =
            row.status === 'deleted'
              ? call('POST', `/policies/${id}/restore`)
              : k % 2 === 0
                ? call('DELETE', `/policies/${id}`, undefined, { 'if-match': `"${row.version}"` })
                : call('POST', `/policies/${id}/rollback`, { version: 1 }, { 'if-match': `"${row.version}"` });
          requests.push(single.then(tally('single')));
        }
        await Promise.all(requests);
      }
      expect(failures, JSON.stringify([...statuses])).to.deep.equal([]);
      expect(applied.length, JSON.stringify([...statuses])).to.be.greaterThan(0);
      // Every set applied is stored whole, with its event; each policy's versions are 1..n, none lost or doubled.
      const stored = await app.db('policy_sets').whereIn('id', applied).count<Array<{ count: string }>>({ count: '*' });
      expect(Number(stored[0]!.count)).to.equal(applied.length);
      const events = await app
        .db('audit_events')
        .where({ type: 'policy_set.applied' })
        .whereIn('target_id', applied)
        .count<Array<{ count: string }>>({ count: '*' });
      expect(Number(events[0]!.count)).to.equal(applied.length);
      for (const id of ids) {
        const current = await app.db('policies').where({ id }).first<{ version: number }>('version');
        const versions = (await app.db('policy_versions').where({ policy_id: id }).orderBy('version').select('version')).map((row) => row.version);
        expect(versions).to.deep.equal(Array.from({ length: current.version }, (_, n) => n + 1));
      }
    });

    it('sets queued behind a running one hold no database connection: other requests are answered meanwhile', async () => {
      const lock = await holdLock();
      // More sets than the pool has connections (10).
      const sets = Array.from({ length: 12 }, () =>
        call('POST', '/policy-sets', { changes: [{ action: 'create', policy: samplePolicy({ name: uniqueName('queued') }) }] }),
      );
      await untilApplying(lock);
      await untilSets({ applying: 1, waiting: 11 });
      const started = performance.now();
      const list = await call('GET', '/policies?limit=1');
      const elapsed = performance.now() - started;
      await lock.release();
      expect(list.status, JSON.stringify(list.body)).to.equal(200);
      expect(elapsed).to.be.below(2_000);
      expect((await Promise.all(sets)).map((answer) => answer.status)).to.deep.equal(Array.from({ length: 12 }, () => 201));
    });

    it('an Idempotency-Key sent again while its set runs is 409, with another body 422: the set is applied once', async () => {
      const names = Array.from({ length: 2000 }, () => uniqueName('idem'));
      const body = { changes: names.map((name) => ({ action: 'create', policy: samplePolicy({ name }) })) };
      const key = `attack-${Math.random()}`;
      const first = call('POST', '/policy-sets', body, { 'idempotency-key': key });
      // Sent once the first has claimed its key, while it (very likely) still runs; a replay is as good an answer.
      await eventually(
        async () => ((await app.db('idempotency_keys').where({ key }).first('key')) ? true : undefined),
        10_000,
        'the first set to claim its key',
      );
      const [again, other] = await Promise.all([
        call('POST', '/policy-sets', body, { 'idempotency-key': key }),
        call('POST', '/policy-sets', { ...body, dry_run: true }, { 'idempotency-key': key }),
      ]);
      expect((await first).status).to.equal(201);
      expect([409, 201]).to.include(again.status);
      if (again.status === 409) expect(again.body.code).to.equal('idempotency_key_in_use');
      else expect(again.headers.get('idempotent-replayed')).to.equal('true');
      expect(other.status).to.equal(422);
      expect(other.body.code).to.equal('idempotency_key_reused');
      const count = await app.db('policies').whereIn('name', names).count<Array<{ count: string }>>({ count: '*' });
      expect(Number(count[0]!.count)).to.equal(2000);
    });
  });

  describe('one set at a time per process: a set waits before its body is read (memory)', () => {
    const malformed = { changes: [{ action: 'explode', id: 'x' }] };
    /** A call whose answer is stamped with the order it arrived in. */
    const arrivals: string[] = [];
    const stamped = (label: string, body: unknown): Promise<HttpAnswer> =>
      call('POST', '/policy-sets', body).then((answer) => {
        arrivals.push(label);
        return answer;
      });
    /**
     * A set sent whole on a raw connection, which the test closes when it likes; `closedOnServer`
     * resolves once the server has handled the close of its request (its close listeners have run).
     */
    function rawSet(body: unknown): { socket: net.Socket; closedOnServer: Promise<void> } {
      const text = JSON.stringify(body);
      const requestId = `raw-set-${uniqueName('request')}`;
      const closedOnServer = new Promise<void>((resolve) => {
        const onRequest = (request: IncomingMessage, response: ServerResponse): void => {
          if (request.headers['x-request-id'] !== requestId) return;
          app.server.off('request', onRequest);
          response.once('close', () => resolve());
        };
        app.server.on('request', onRequest);
      });
      const url = new URL(t.baseUrl);
      const socket = net.connect(Number(url.port), url.hostname);
      socket.on('error', () => undefined);
      socket.write(
        `POST /v1/policy-sets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${admin}\r\nX-Request-Id: ${requestId}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
      );
      return { socket, closedOnServer };
    }

    it("reads no other set's body while one is applied: a malformed set sent meanwhile is answered after it", async () => {
      arrivals.length = 0;
      const lock = await holdLock();
      const running = stamped('running', { changes: [{ action: 'create', policy: samplePolicy({ name: uniqueName('turn') }) }] });
      await untilApplying(lock);
      // Refused in a millisecond if parsed: they wait for their turn instead, their bodies unread.
      const refused = [1, 2, 3].map((n) => stamped(`malformed ${n}`, malformed));
      await untilSets({ applying: 1, waiting: 3 });
      expect(arrivals).to.deep.equal([]);
      await lock.release();
      expect((await running).status).to.equal(201);
      expect((await Promise.all(refused)).map((answer) => answer.status)).to.deep.equal([400, 400, 400]);
      expect(arrivals[0]).to.equal('running');
    });

    it('keeps the turn of a set whose client went away while it was applied: the next set waits for it to end', async () => {
      arrivals.length = 0;
      const lock = await holdLock();
      const name = uniqueName('gone-while-applied');
      const { socket, closedOnServer } = rawSet({ changes: [{ action: 'create', policy: samplePolicy({ name }) }] });
      await untilApplying(lock);
      socket.destroy();
      // The server has heard the client go (what would give the turn away) before the next set comes.
      await closedOnServer;
      const next = stamped('next', malformed);
      await untilSets({ applying: 1, waiting: 1 });
      expect(arrivals).to.deep.equal([]);
      await lock.release();
      expect((await next).status).to.equal(400);
      // The set of the client that left was applied all the same, before the next one was read.
      const stored = await call('GET', `/policies?name=${name}`);
      expect(stored.body.data).to.have.length(1);
    });

    it('drops a set whose client went away while it waited, unread: the sets behind it go on', async () => {
      const lock = await holdLock();
      const running = call('POST', '/policy-sets', { changes: [{ action: 'create', policy: samplePolicy({ name: uniqueName('ahead') }) }] });
      await untilApplying(lock);
      const name = uniqueName('gone-while-waiting');
      // Its whole body is in the socket: it must still not be parsed without a turn.
      const { socket } = rawSet({ changes: [{ action: 'create', policy: samplePolicy({ name }) }] });
      await untilSets({ applying: 1, waiting: 1 });
      socket.destroy();
      // Out of the queue, unread.
      await untilSets({ applying: 1, waiting: 0 });
      const behind = call('POST', '/policy-sets', { changes: [{ action: 'create', policy: samplePolicy({ name: uniqueName('behind') }) }] });
      await untilSets({ applying: 1, waiting: 1 });
      await lock.release();
      expect((await running).status).to.equal(201);
      expect((await behind).status).to.equal(201);
      expect((await call('GET', `/policies?name=${name}`)).body.data).to.deep.equal([]);
    });

    /** Tokens of `count` more clients with write:policies, each its own caller for the turns. */
    const otherCallers = async (count: number): Promise<string[]> =>
      Promise.all(Array.from({ length: count }, async () => accessToken(app, await registerClient(app, ['read:policies', 'write:policies']))));
    const setAs = (token: string, label: string): Promise<HttpAnswer> =>
      httpCall(`${t.baseUrl}/policy-sets`, {
        method: 'POST',
        token,
        body: { changes: [{ action: 'create', policy: samplePolicy({ name: uniqueName(label) }) }] },
      });

    it('takes turns between callers: a set sent after another caller queued several is applied after one of them, not all', async () => {
      const [other] = await otherCallers(1);
      arrivals.length = 0;
      const lock = await holdLock();
      const running = stamped('running', { changes: [{ action: 'create', policy: samplePolicy({ name: uniqueName('fair') }) }] });
      await untilApplying(lock);
      const queued = [1, 2, 3, 4].map((n) => stamped(`admin ${n}`, { changes: [{ action: 'create', policy: samplePolicy({ name: uniqueName('fair') }) }] }));
      await untilSets({ applying: 1, waiting: 4 });
      const theirs = setAs(other!, 'fair-other').then((answer) => {
        arrivals.push('other');
        return answer;
      });
      await untilSets({ applying: 1, waiting: 5 });
      await lock.release();
      expect([await running, ...(await Promise.all(queued)), await theirs].map((answer) => answer.status)).to.deep.equal([201, 201, 201, 201, 201, 201]);
      // Arrival order (first in first served on main): the other caller's one set comes right after one of the four queued before it.
      expect(arrivals.indexOf('other'), arrivals.join(', ')).to.equal(2);
    });

    it(`answers 503 with Retry-After past ${maxWaitingSetsPerCaller} waiting sets of one caller, while another caller's set still queues`, async () => {
      const [other] = await otherCallers(1);
      const lock = await holdLock();
      const set = () => call('POST', '/policy-sets', { changes: [{ action: 'create', policy: samplePolicy({ name: uniqueName('per-caller') }) }] });
      const running = set();
      await untilApplying(lock);
      const waiting = Array.from({ length: maxWaitingSetsPerCaller }, set);
      await untilSets({ applying: 1, waiting: maxWaitingSetsPerCaller });
      const over = await set();
      expect(over.status, JSON.stringify(over.body)).to.equal(503);
      expect(over.headers.get('retry-after')).to.equal('5');
      expect(over.body.detail).to.match(/of this client are waiting/);
      const theirs = setAs(other!, 'per-caller-other');
      await untilSets({ applying: 1, waiting: maxWaitingSetsPerCaller + 1 });
      await lock.release();
      expect((await Promise.all([running, ...waiting, theirs])).every((answer) => answer.status === 201)).to.equal(true);
    });

    it(`answers 503 with Retry-After past ${maxWaitingSets} waiting sets, and takes sets again once they are done`, async () => {
      const callers = [admin, ...(await otherCallers(maxWaitingSets / maxWaitingSetsPerCaller - 1))];
      const lock = await holdLock();
      const set = () => call('POST', '/policy-sets', { changes: [{ action: 'create', policy: samplePolicy({ name: uniqueName('queue') }) }] });
      const running = set();
      await untilApplying(lock);
      const waiting = callers.flatMap((token) => Array.from({ length: maxWaitingSetsPerCaller }, () => setAs(token, 'queue')));
      await untilSets({ applying: 1, waiting: maxWaitingSets });
      const over = await set();
      expect(over.status, JSON.stringify(over.body)).to.equal(503);
      expect(over.headers.get('retry-after')).to.equal('5');
      expect(over.body.detail).to.match(/change sets are waiting for their turn on this server already/);
      await lock.release();
      expect((await Promise.all([running, ...waiting])).every((answer) => answer.status === 201)).to.equal(true);
      expect((await set()).status).to.equal(201);
    });
  });
});
