import { expect } from 'chai';
import { applyDecisionRetention } from '../../server/src/domains/audit/retention.js';
import { verifyAuditLog } from '../../server/src/domains/audit/verify.js';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { samplePolicy } from '../policies/fixtures.js';
import { allEvents } from '../audit/helpers.js';

// The recorder predicts the audit log's tail and writes a group in one statement when it is right
// (domains/audit/decision-recorder.ts); these tests make it wrong on purpose, with a second
// replica and change events appended between its writes, and check nothing is lost or misplaced.
describe('recording decisions with their audit events', () => {
  let first: TestApp;
  let second: TestApp;
  let admin: string;
  const evaluators = new Map<TestApp, string>();

  before(async () => {
    first = await startTestApp();
    second = await startTestApp({ databaseUrl: first.config.databaseUrl, config: { keyEncryptionKey: first.config.keyEncryptionKey } });
    admin = await accessToken(first.app, await registerClient(first.app, ['admin:all']));
    for (const t of [first, second]) evaluators.set(t, await accessToken(t.app, await registerClient(t.app, ['evaluate:decisions'])));
    const policy = samplePolicy({
      name: 'eng-read',
      rules: [
        {
          effect: 'allow',
          principals: { type: 'USER', attributes: { department: ['engineering'] } },
          resources: { type: 'database', identifiers: ['*'] },
          actions: ['read'],
        },
      ],
    });
    expect(
      (await first.app.inject({ method: 'POST', url: '/v1/policies', headers: { authorization: `Bearer ${admin}` }, payload: policy })).statusCode,
    ).to.equal(201);
  });
  after(async () => {
    await second.close();
    await first.close();
  });

  const evaluate = (t: TestApp, n: number) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/decisions/evaluate',
      headers: { authorization: `Bearer ${evaluators.get(t)}` },
      payload: {
        principal: { type: 'USER', attributes: { department: n % 3 ? 'engineering' : 'sales' } },
        resource: { type: 'database', identifier: `db-${n}` },
        action: 'read',
      },
    });
  const decisionsAnswered = async (waves: number, perWave: number): Promise<string[]> => {
    const ids: string[] = [];
    for (let wave = 0; wave < waves; wave++) {
      const answers = await Promise.all([
        ...Array.from({ length: perWave }, (_, n) => evaluate(wave % 2 ? first : second, n)),
        ...Array.from({ length: perWave }, (_, n) => evaluate(wave % 2 ? second : first, n + perWave)),
        // A change event between the decisions: the change chain and the shared sequence move too.
        first.app.inject({
          method: 'POST',
          url: '/v1/principals',
          headers: { authorization: `Bearer ${admin}` },
          payload: { kind: 'service', name: `svc-${wave}-${Date.now()}` },
        }),
      ]);
      for (const answer of answers.slice(0, -1)) {
        expect(answer.statusCode, answer.body).to.equal(200);
        ids.push(answer.json().id as string);
      }
      expect(answers.at(-1)!.statusCode).to.equal(201);
    }
    return ids;
  };

  it('keeps one audit event per decision, both chains intact, when two replicas and other changes interleave', async () => {
    const ids = await decisionsAnswered(6, 25);
    const events = await allEvents(first.app);
    const decisionEvents = events.filter((event) => event.type === 'decision.evaluated');
    expect(decisionEvents.map((event) => event.id).sort()).to.deep.equal([...ids].sort());
    const sequences = events.map((event) => event.sequence);
    expect(new Set(sequences).size, 'no sequence number given twice').to.equal(sequences.length);
    const stored = await first.app.db('decisions').whereIn('id', ids).count<{ count: number }[]>({ count: '*' });
    expect(Number(stored[0]!.count)).to.equal(ids.length);
    const verification = await verifyAuditLog(first.app.db);
    expect(verification.valid, JSON.stringify(verification.first_broken_link)).to.equal(true);
  });

  it("records every issued token's auth.token_issued event, on predicted tails of both replicas, between decisions and changes", async () => {
    const clients = new Map<TestApp, Awaited<ReturnType<typeof registerClient>>>();
    for (const t of [first, second]) clients.set(t, await registerClient(t.app, ['read:policies']));
    const issue = (t: TestApp) => {
      const client = clients.get(t)!;
      return t.app.inject({
        method: 'POST',
        url: '/v1/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret }).toString(),
      });
    };
    const before = (await allEvents(first.app)).filter((event) => event.type === 'auth.token_issued').length;
    let issued = 0;
    for (let wave = 0; wave < 4; wave++) {
      const answers = await Promise.all([
        ...Array.from({ length: 15 }, () => issue(first)),
        ...Array.from({ length: 15 }, () => issue(second)),
        evaluate(first, wave),
        evaluate(second, wave),
      ]);
      for (const answer of answers) expect(answer.statusCode, answer.body).to.equal(200);
      issued += 30;
      await Promise.all([first.app.auditLog.idle(), second.app.auditLog.idle()]);
      expect(
        (
          await first.app.inject({
            method: 'POST',
            url: '/v1/principals',
            headers: { authorization: `Bearer ${admin}` },
            payload: { kind: 'service', name: `tokens-${wave}-${Date.now()}` },
          })
        ).statusCode,
      ).to.equal(201);
    }
    const events = await allEvents(first.app);
    expect(events.filter((event) => event.type === 'auth.token_issued').length - before).to.equal(issued);
    const sequences = events.map((event) => event.sequence);
    expect(new Set(sequences).size, 'no sequence number given twice').to.equal(sequences.length);
    const verification = await verifyAuditLog(first.app.db);
    expect(verification.valid, JSON.stringify(verification.first_broken_link)).to.equal(true);
  });

  it('goes on chaining after retention removed every decision event', async () => {
    await applyDecisionRetention(first.app, { now: new Date(Date.now() + 86_400_000 * 400), retentionDays: 30 });
    expect((await allEvents(first.app)).filter((event) => event.chain === 'decision')).to.deep.equal([]);
    const ids = await decisionsAnswered(2, 10);
    const decisionEvents = (await allEvents(first.app)).filter((event) => event.chain === 'decision');
    expect(decisionEvents.map((event) => event.id).sort()).to.deep.equal([...ids].sort());
    const verification = await verifyAuditLog(first.app.db);
    expect(verification.valid, JSON.stringify(verification.first_broken_link)).to.equal(true);
  });
});
