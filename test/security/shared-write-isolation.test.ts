import { expect } from 'chai';
import { decide } from '../../server/src/domains/decisions/service.js';
import { systemContext } from '../../server/src/events/context.js';
import type { DomainEvent } from '../../server/src/events/types.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { expectSchema } from '../helpers/schemas.js';
import { allowDocumentReads } from './support.js';

/**
 * Issue #19: a shared write (group commit) isolates a bad row. The boundary refuses text the
 * database cannot store (audit-erasure.test.ts); these tests hand such rows to the shared writes
 * directly, past the boundary, as a future field or code path might, and require that only the
 * caller with the bad row fails.
 */
describe('Security: shared writes isolate a row the database refuses', function () {
  this.timeout(60_000);
  let t: TestApp;
  const lines: string[] = [];

  before(async () => {
    t = await startTestApp({
      config: { logLevel: 'info', rateLimitDecision: 1_000_000 },
      buildOptions: { logStream: { write: (line: string) => void lines.push(line) } },
    });
  });
  after(() => t.close());

  function failedLogin(requestId: string, typed: string): DomainEvent {
    const context = systemContext('anonymous', 'anonymous');
    return {
      type: 'auth.failed',
      actor: context.actor,
      target: { type: 'client', id: typed },
      outcome: 'failure',
      request: { id: requestId, ip: '192.0.2.7', user_agent: null },
      change: null,
      data: { reason: 'invalid_client' },
    };
  }

  it('audit events: records every good event written beside an unstorable one, and raises the alarm for the bad one only', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/v1/health' })).json().checks.audit_log;
    const good = Array.from({ length: 40 }, (_, i) => failedLogin(`good-${i}`, `client-${i}`));
    const bad = [failedLogin('bad-surrogate', 'x\ud800'), failedLogin('bad-nul', 'x\u0000y')];
    // In the same turn of the event loop, so they share one group-commit write.
    for (const [i, event] of good.entries()) {
      t.app.auditLog.appendInBackground([event]);
      if (i === 10) t.app.auditLog.appendInBackground([bad[0]!]);
      if (i === 30) t.app.auditLog.appendInBackground([bad[1]!]);
    }
    await t.app.auditLog.idle();
    const stored = await t.app
      .db('audit_events')
      .whereIn(
        'request_id',
        [...good, ...bad].map((event) => event.request.id!),
      )
      .pluck('request_id');
    expect(stored.sort()).to.deep.equal(good.map((event) => event.request.id!).sort());

    const health = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expectSchema('health', health.json());
    expect(health.json().checks.audit_log).to.deep.equal({ status: 'ok', failed_events: before.failed_events + 2, dropped_events: before.dropped_events });
    const alarms = lines
      .map((line) => JSON.parse(line) as { level: number; msg: string; types?: string[]; request_ids?: string[] })
      .filter((line) => line.msg === 'audit events could not be recorded');
    expect(alarms.map((line) => [line.level, line.types, line.request_ids])).to.have.deep.members([
      [50, ['auth.failed'], ['bad-surrogate']],
      [50, ['auth.failed'], ['bad-nul']],
    ]);
  });

  it('decisions: answers every ordinary decision that shared a write with one the database refuses, and fails that one to its caller', async () => {
    await allowDocumentReads(t.app);
    const generations = await t.app.decisions.feed.fresh();
    const ask = (id: string) =>
      decide(
        t.app.decisions,
        systemContext('test'),
        [{ principal: { type: 'USER', id }, resource: { type: 'document', identifier: 'd1' }, action: 'read' }],
        generations,
        false,
      );
    const outcomes = await Promise.allSettled([
      ...Array.from({ length: 30 }, (_, i) => ask(`user-${i}`)),
      ask('bad\ud800'),
      ...Array.from({ length: 30 }, (_, i) => ask(`user-${30 + i}`)),
    ]);
    const failed = outcomes.flatMap((outcome, i) => (outcome.status === 'rejected' ? [{ i, code: (outcome.reason as { code?: string }).code }] : []));
    expect(failed).to.have.length(1);
    expect(failed[0]!.i).to.equal(30);
    expect(failed[0]!.code, 'a data exception (SQLSTATE class 22)').to.match(/^22/);
    const stored = await t.app.db('decisions').whereLike('principal_id', 'user-%').count<{ count: string }[]>('* as count');
    expect(Number(stored[0]!.count)).to.equal(60);
  });
});
