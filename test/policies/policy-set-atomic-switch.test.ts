import { expect } from 'chai';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { delay, httpCall } from '../helpers/http.js';

/** Policy id → version: what a decision's `policy_versions` says it used, and what a state of the policies is. */
type Versions = Record<string, number>;

const POLICIES = 50;
/** Creates and deletes per switch, on top of an update of every live policy. */
const CREATES = 5;
const DELETES = 5;
const SWITCHES = 6;
const LOOPS = 6;
/** Out of reach: the evaluation loops send far more than a client's decisions per minute. */
const unlimited = { rateLimitStandard: 100_000_000, rateLimitDecision: 100_000_000, rateLimitBulk: 100_000_000 };
const decisionRequest = { principal: { type: 'USER', id: 'u-switch' }, resource: { type: 'doc', identifier: 'd-1' }, action: 'read' };

/** Every policy addresses doc/read, so every decision names all the live ones in `policy_versions`. */
function policyBody(name: string, round: number) {
  return {
    name,
    description: `round ${round}`,
    status: 'active',
    // The identifier list changes with the round, so each update is a real new content.
    rules: [{ effect: 'allow', principals: { type: 'USER' }, resources: { type: 'doc', identifiers: ['d-*', `round-${round}-*`] }, actions: ['read'] }],
  };
}

/** A state as a comparable key: ids sorted, each with its version. */
const keyOf = (versions: Versions): string =>
  Object.keys(versions)
    .sort()
    .map((id) => `${id}@${versions[id]}`)
    .join(',');

/** How many policies a decision used at each version ("v2: 45, v3: 5"): short enough for a failure message. */
function versionCounts(versions: Versions): string {
  const counts = new Map<number, number>();
  for (const version of Object.values(versions)) counts.set(version, (counts.get(version) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a - b)
    .map(([version, count]) => `v${version}: ${count}`)
    .join(', ');
}

interface Seen {
  startedAt: number;
  endedAt: number;
  status: number;
  versions: Versions;
  /** A non-200 answer's body, for the failure message. */
  problem?: unknown;
}

interface Switch {
  startedAt: number;
  endedAt: number;
}

/**
 * Issue #23: every replica's next decision sees either the whole old policy set or the whole new
 * one. Instance B evaluates in tight loops (real HTTP, several at once) while instance A, on the
 * same database, switches 50 policies at a time (each updated, some created, some deleted); each
 * decision's `policy_versions` (every policy addressing the request, id → version) must be one of
 * the states the switches went through, never a mix of two. The second case sends the same kind of
 * changes as separate requests, to show a mix is what this test would catch.
 */
describe('a change set switches every replica at once (POST /v1/policy-sets)', function () {
  this.timeout(120_000);
  let writer: TestApp;
  let reader: TestApp;
  let admin: string;
  let evaluator: string;

  before(async () => {
    writer = await startTestApp({ listen: true, config: unlimited });
    reader = await startTestApp({
      listen: true,
      databaseUrl: writer.config.databaseUrl,
      config: { ...unlimited, keyEncryptionKey: writer.config.keyEncryptionKey },
    });
    admin = await accessToken(writer.app, await registerClient(writer.app, ['admin:all']));
    // Each instance is its own issuer (its URL): B's decisions need a token from B.
    evaluator = await accessToken(reader.app, await registerClient(writer.app, ['evaluate:decisions']));
  });
  after(async () => {
    await reader?.close();
    await writer?.close();
  });

  /** `LOOPS` loops evaluating on B, each one request after another, until stopped. */
  function evaluateInLoops(): { seen: Seen[]; stop: () => Promise<void> } {
    const seen: Seen[] = [];
    let running = true;
    const loops = Array.from({ length: LOOPS }, async () => {
      while (running) {
        const startedAt = performance.now();
        const answer = await httpCall(`${reader.baseUrl}/decisions/evaluate`, { token: evaluator, body: decisionRequest });
        const ok = answer.status === 200;
        seen.push({
          startedAt,
          endedAt: performance.now(),
          status: answer.status,
          versions: ok ? answer.body.policy_versions : {},
          ...(ok ? {} : { problem: answer.body }),
        });
      }
    });
    return {
      seen,
      stop: async () => {
        running = false;
        await Promise.all(loops);
      },
    };
  }

  /** Waits until the loops have decided at `state` a few times each (so every state is observed, and the next switch starts from it). */
  async function waitUntilSeen(seen: Seen[], state: Versions): Promise<void> {
    const key = keyOf(state);
    const deadline = Date.now() + 20_000;
    let from = 0;
    let decided = 0;
    while (decided < 2 * LOOPS) {
      for (; from < seen.length; from++) if (seen[from]!.status === 200 && keyOf(seen[from]!.versions) === key) decided++;
      if (Date.now() > deadline) {
        const last = seen.at(-1);
        throw new Error(
          `the loops decided ${decided} times at a state of ${Object.keys(state).length} policies; the last decision: ${last?.status} with ${Object.keys(last?.versions ?? {}).length} policies ${JSON.stringify(last?.problem ?? '')}`,
        );
      }
      await delay(5);
    }
  }

  /** The policies `names` created, active, at version 1, by one change set: their state. */
  async function seed(names: string[]): Promise<{ state: Versions; names: Map<string, string> }> {
    const created = await httpCall(`${writer.baseUrl}/policy-sets`, {
      token: admin,
      body: { changes: names.map((name) => ({ action: 'create', policy: policyBody(name, 0) })) },
    });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const state: Versions = {};
    const byId = new Map<string, string>();
    for (const change of created.body.changes) {
      state[change.id] = change.version;
      byId.set(change.id, change.name);
    }
    return { state, names: byId };
  }

  /** What the set of one round does: update every live policy, delete the first `DELETES`, create `CREATES` new ones. */
  function roundOf(state: Versions, round: number, prefix: string, names: Map<string, string>) {
    const ids = Object.keys(state).sort((a, b) => names.get(a)!.localeCompare(names.get(b)!));
    const deleted = ids.slice(0, DELETES);
    const updated = ids.slice(DELETES);
    const created = Array.from({ length: CREATES }, (_, k) => `${prefix}-r${round}-${k}`);
    return { deleted, updated, created };
  }

  /** Each decision's state, by the states' keys; the decisions whose state is none of them (mixes). */
  function classify(seen: Seen[], states: Versions[]): { counts: number[]; mixed: Seen[] } {
    const keys = states.map(keyOf);
    const counts = keys.map(() => 0);
    const mixed: Seen[] = [];
    for (const decision of seen) {
      const index = keys.indexOf(keyOf(decision.versions));
      if (index >= 0) counts[index]! += 1;
      else mixed.push(decision);
    }
    return { counts, mixed };
  }

  const overlapping = (seen: Seen[], window: Switch) =>
    seen.filter((decision) => decision.startedAt < window.endedAt && decision.endedAt > window.startedAt).length;

  it('never answers a decision on a mix of two policy sets while 50 policies switch, six times over', async () => {
    const seeded = await seed(Array.from({ length: POLICIES }, (_, n) => `switch-${String(n).padStart(2, '0')}`));
    const names = seeded.names;
    const states: Versions[] = [seeded.state];
    const loops = evaluateInLoops();
    const switches: Switch[] = [];
    try {
      await waitUntilSeen(loops.seen, seeded.state);
      for (let round = 1; round <= SWITCHES; round++) {
        const before = states.at(-1)!;
        const { deleted, updated, created } = roundOf(before, round, 'switch', names);
        const changes = [
          ...updated.map((id) => ({ action: 'update', id, if_match: before[id], policy: policyBody(names.get(id)!, round) })),
          ...created.map((name) => ({ action: 'create', policy: policyBody(name, round) })),
          ...deleted.map((id) => ({ action: 'delete', id, if_match: before[id] })),
        ];
        const startedAt = performance.now();
        const applied = await httpCall(`${writer.baseUrl}/policy-sets`, {
          token: admin,
          body: { changes, provenance: { tool: 'no-mix test', message: `round ${round}` } },
        });
        switches.push({ startedAt, endedAt: performance.now() });
        expect(applied.status, JSON.stringify(applied.body)).to.equal(201);
        const after: Versions = {};
        for (const id of updated) after[id] = before[id]! + 1;
        for (const change of applied.body.changes) {
          if (change.action === 'create') {
            after[change.id] = change.version;
            names.set(change.id, change.name);
          }
          if (change.action === 'update') expect(change.version, `${change.name} updated once`).to.equal(before[change.id]! + 1);
          if (change.action === 'delete') expect(change.status).to.equal('deleted');
        }
        expect(Object.keys(after)).to.have.lengthOf(POLICIES - DELETES * round + CREATES * round);
        states.push(after);
        await waitUntilSeen(loops.seen, after);
      }
    } finally {
      await loops.stop();
    }

    const { seen } = loops;
    expect(
      seen.filter((decision) => decision.status !== 200),
      'every decision answered',
    ).to.deep.equal([]);
    const { counts, mixed } = classify(seen, states);
    expect(
      mixed.slice(0, 3).map((decision) => versionCounts(decision.versions)),
      `decisions on a mix (${mixed.length} of ${seen.length}; states seen ${counts.join('/')})`,
    ).to.deep.equal([]);
    // Each state decided something, and decisions were in flight during every switch: the test could have seen a mix.
    for (const [index, count] of counts.entries()) expect(count, `decisions at state ${index}`).to.be.above(0);
    for (const [index, window] of switches.entries()) expect(overlapping(seen, window), `decisions in flight during switch ${index + 1}`).to.be.above(0);
  });

  it('shows the same changes sent as separate requests mixing old and new policies in decisions', async () => {
    const seeded = await seed(Array.from({ length: POLICIES }, (_, n) => `separate-${String(n).padStart(2, '0')}`));
    const names = seeded.names;
    // The first test's policies are still live, and address the same request: they are part of every state here.
    const others = await livePolicies();
    const states: Versions[] = [{ ...others, ...seeded.state }];
    const loops = evaluateInLoops();
    try {
      await waitUntilSeen(loops.seen, states[0]!);
      for (let round = 1; round <= SWITCHES; round++) {
        const before = states.at(-1)!;
        const mine = Object.fromEntries(Object.entries(before).filter(([id]) => names.has(id)));
        const { deleted, updated, created } = roundOf(mine, round, 'separate', names);
        const after: Versions = { ...before };
        // Every change its own request (its own transaction), eight in flight at a time, as apply sent them before change sets.
        const requests = [
          ...updated.map((id) => async () => {
            const answer = await httpCall(`${writer.baseUrl}/policies/${id}`, {
              method: 'PUT',
              token: admin,
              headers: { 'if-match': `"${before[id]}"` },
              body: policyBody(names.get(id)!, round),
            });
            expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
            after[id] = answer.body.version;
          }),
          ...created.map((name) => async () => {
            const answer = await httpCall(`${writer.baseUrl}/policies`, { token: admin, body: policyBody(name, round) });
            expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
            after[answer.body.id] = 1;
            names.set(answer.body.id, name);
          }),
          ...deleted.map((id) => async () => {
            const answer = await httpCall(`${writer.baseUrl}/policies/${id}`, { method: 'DELETE', token: admin, headers: { 'if-match': `"${before[id]}"` } });
            expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
            delete after[id];
          }),
        ];
        let next = 0;
        await Promise.all(
          Array.from({ length: 8 }, async () => {
            for (let i = next++; i < requests.length; i = next++) await requests[i]!();
          }),
        );
        states.push(after);
        await waitUntilSeen(loops.seen, after);
      }
    } finally {
      await loops.stop();
    }
    const { counts, mixed } = classify(loops.seen, states);
    expect(mixed.length, `decisions on a mix, of ${loops.seen.length} (states seen ${counts.join('/')})`).to.be.above(0);
  });

  /** The live policies (id → version) as the database holds them. */
  async function livePolicies(): Promise<Versions> {
    const rows: Array<{ id: string; version: number }> = await writer.app.db('policies').where({ status: 'active' }).select('id', 'version');
    return Object.fromEntries(rows.map((row) => [row.id, row.version]));
  }
});
