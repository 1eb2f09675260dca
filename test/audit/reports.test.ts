import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { FastifyInstance } from 'fastify';
import { csvRecord } from '../../server/src/domains/audit/reports/csv.js';
import type { AuditReport } from '../../core/src/index.js';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { freshDatabase } from '../helpers/database.js';
import { expectProblem } from '../helpers/responses.js';
import { expectSchema } from '../helpers/schemas.js';
import { samplePolicy } from '../policies/fixtures.js';
import { eventually } from './helpers.js';

const allowReadDatabases = {
  effect: 'allow' as const,
  principals: { type: 'USER' },
  resources: { type: 'database', identifiers: ['prod-*'] },
  actions: ['read'],
};
const decisionRequest = (principalId: string | undefined, resourceType: string, identifier: string, action: string) => ({
  principal: { type: 'USER', ...(principalId ? { id: principalId } : {}) },
  resource: { type: resourceType, identifier },
  action,
});

async function startReport(app: FastifyInstance, token: string, body: Record<string, unknown>): Promise<AuditReport> {
  const response = await app.inject({ method: 'POST', url: '/v1/audit/reports', headers: { authorization: `Bearer ${token}` }, payload: body });
  expect(response.statusCode, response.body).to.equal(202);
  const report = response.json() as AuditReport;
  expectSchema('audit-report', report);
  expect(response.headers.location).to.equal(`/v1/audit/reports/${report.id}`);
  return report;
}

async function completed(app: FastifyInstance, token: string, id: string, timeoutMs = 20_000): Promise<AuditReport & { result: Record<string, unknown> }> {
  return eventually(
    async () => {
      const response = await app.inject({ method: 'GET', url: `/v1/audit/reports/${id}`, headers: { authorization: `Bearer ${token}` } });
      const report = response.json();
      expect(report.status).to.not.equal('failed');
      return report.status === 'completed' ? report : undefined;
    },
    timeoutMs,
    `report ${id} to complete`,
  );
}

describe('audit reports', function () {
  this.timeout(60_000);

  describe('on a small seeded dataset', () => {
    let t: TestApp;
    let admin: string;
    let adminSubject: string;
    let auditor: string;
    let since: string;

    before(async () => {
      t = await startTestApp();
      const client = await registerClient(t.app, ['admin:all']);
      adminSubject = client.clientId;
      admin = await accessToken(t.app, client);
      auditor = await accessToken(t.app, await registerClient(t.app, ['read:audit']));
      since = new Date().toISOString();
      const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
        t.app.inject({ method, url, headers: { authorization: `Bearer ${admin}` }, ...(payload ? { payload: payload as object } : {}) }).then((response) => {
          expect(response.statusCode, response.body).to.be.lessThan(300);
          return response.json();
        });
      const soc2 = await call(
        'POST',
        '/v1/policies',
        samplePolicy({ name: 'db-read', rules: [allowReadDatabases], metadata: { compliance: ['SOC2', 'HIPAA'] } }),
      );
      const pci = await call('POST', '/v1/policies', samplePolicy({ name: 'cards', status: 'draft', metadata: { compliance: ['SOC2'] } }));
      await call('PUT', `/v1/policies/${pci.id}`, { name: 'cards', rules: samplePolicy().rules, metadata: { compliance: ['PCI'] } });
      await call('PUT', `/v1/policies/${soc2.id}`, { name: 'db-read', description: 'reads', rules: [allowReadDatabases] });
      const untagged = await call('POST', '/v1/policies', samplePolicy({ name: 'untagged', status: 'draft', metadata: {} }));
      await call('DELETE', `/v1/policies/${untagged.id}`);
      await call('POST', '/v1/decisions/batch', {
        requests: [
          decisionRequest('u-alice', 'database', 'prod-db-1', 'read'),
          decisionRequest('u-alice', 'database', 'prod-db-1', 'read'),
          decisionRequest('u-alice', 'database', 'prod-db-1', 'read'),
          decisionRequest('u-alice', 'database', 'prod-db-1', 'write'),
          decisionRequest('u-alice', 'database', 'prod-db-1', 'write'),
          decisionRequest('u-bob', 'file', 'f-1', 'read'),
          decisionRequest(undefined, 'database', 'prod-db-2', 'read'),
        ],
      });
    });
    after(async () => t.close());

    it('access_summary counts decisions by decision, resource type, action and principal, and lists the most denied', async () => {
      const started = await startReport(t.app, auditor, { kind: 'access_summary', since });
      expect(started).to.deep.include({ kind: 'access_summary', status: 'pending', started_at: null, completed_at: null });
      expect(started.requested_by).to.deep.include({ token_kind: 'access_token' });
      const report = await completed(t.app, auditor, started.id);
      expectSchema('audit-report', report);
      expect(report.progress.events_processed).to.equal(7);
      expect(report.result).to.deep.equal({
        totals: { evaluated: 7, allow: 4, deny: 3 },
        by_resource_type: [
          { resource_type: 'database', allow: 4, deny: 2, total: 6 },
          { resource_type: 'file', allow: 0, deny: 1, total: 1 },
        ],
        by_action: [
          { action: 'read', allow: 4, deny: 1, total: 5 },
          { action: 'write', allow: 0, deny: 2, total: 2 },
        ],
        by_principal: [
          { principal_id: 'u-alice', principal_type: 'USER', allow: 3, deny: 2, total: 5 },
          { principal_id: 'u-bob', principal_type: 'USER', allow: 0, deny: 1, total: 1 },
          { principal_id: null, principal_type: 'USER', allow: 1, deny: 0, total: 1 },
        ],
        top_denied: [
          { principal_id: 'u-alice', principal_type: 'USER', resource_type: 'database', resource: 'prod-db-1', action: 'write', deny: 2 },
          { principal_id: 'u-bob', principal_type: 'USER', resource_type: 'file', resource: 'f-1', action: 'read', deny: 1 },
        ],
      });
    });

    it('gives the same result as CSV, by Accept header or ?format=csv', async () => {
      const { id } = await startReport(t.app, auditor, { kind: 'access_summary', since });
      await completed(t.app, auditor, id);
      const expected = [
        'section,resource_type,action,principal_id,principal_type,resource,allow,deny,total',
        'totals,,,,,,4,3,7',
        'by_resource_type,database,,,,,4,2,6',
        'by_resource_type,file,,,,,0,1,1',
        'by_action,,read,,,,4,1,5',
        'by_action,,write,,,,0,2,2',
        'by_principal,,,u-alice,USER,,3,2,5',
        'by_principal,,,u-bob,USER,,0,1,1',
        'by_principal,,,,USER,,1,0,1',
        'top_denied,database,write,u-alice,USER,prod-db-1,,2,',
        'top_denied,file,read,u-bob,USER,f-1,,1,',
        '',
      ].join('\r\n');
      for (const request of [
        { url: `/v1/audit/reports/${id}`, accept: 'text/csv' },
        { url: `/v1/audit/reports/${id}?format=csv`, accept: 'application/json' },
      ]) {
        const response = await t.app.inject({ method: 'GET', url: request.url, headers: { authorization: `Bearer ${auditor}`, accept: request.accept } });
        expect(response.statusCode).to.equal(200);
        expect(response.headers['content-type']).to.equal('text/csv; charset=utf-8');
        expect(response.headers['content-disposition']).to.equal(`attachment; filename="audit-report-${id}.csv"`);
        expect(response.body).to.equal(expected);
      }
    });

    it('policy_change_history lists every policy change of the period: who, when, which fields', async () => {
      const { id } = await startReport(t.app, auditor, { kind: 'policy_change_history', since });
      const report = await completed(t.app, auditor, id);
      const changes = report.result.changes as Array<Record<string, unknown>>;
      expect(report.result.totals).to.deep.equal({ changes: 6 });
      expect(changes.map((change) => [change.type, change.policy_name, change.version, change.changed_fields])).to.deep.equal([
        ['policy.created', 'db-read', 1, []],
        ['policy.created', 'cards', 1, []],
        ['policy.updated', 'cards', 2, ['metadata']],
        ['policy.updated', 'db-read', 2, ['description']],
        ['policy.created', 'untagged', 1, []],
        ['policy.deleted', 'untagged', 1, ['deleted_at', 'deleted_by', 'status']],
      ]);
      expect(changes.every((change) => change.actor_subject === adminSubject && change.actor_token_kind === 'access_token')).to.equal(true);
      const csv = await t.app.inject({ method: 'GET', url: `/v1/audit/reports/${id}?format=csv`, headers: { authorization: `Bearer ${auditor}` } });
      const lines = csv.body.trimEnd().split('\r\n');
      expect(lines[0]).to.equal(
        'section,sequence,event_id,time,type,policy_id,policy_name,version,actor_subject,actor_client_id,actor_token_kind,actor_name,commit,run_url,request_id,source_ip,changed_fields',
      );
      expect(lines).to.have.lengthOf(7);
      expect(lines[6]).to.match(/^changes,\d+,[0-9a-f-]{36},[^,]+,policy\.deleted,[^,]+,untagged,1,.*,deleted_at deleted_by status$/);
    });

    it('compliance groups live policies by their tags, with every change of a policy that carried the tag', async () => {
      const { id } = await startReport(t.app, auditor, { kind: 'compliance', since });
      const report = await completed(t.app, auditor, id);
      const result = report.result as { totals: unknown; tags: unknown; policies: Array<Record<string, unknown>>; changes: Array<Record<string, unknown>> };
      // changes: one per (tag, change); cards's move from SOC2 to PCI counts under both.
      expect(result.totals).to.deep.equal({ tags: 3, policies: 2, changes: 7 });
      expect(result.tags).to.deep.equal([
        { tag: 'HIPAA', changes: 2, policies: 1 },
        { tag: 'PCI', changes: 1, policies: 1 },
        { tag: 'SOC2', changes: 4, policies: 1 },
      ]);
      expect(result.policies.map((policy) => [policy.tag, policy.policy_name, policy.status, policy.version])).to.deep.equal([
        ['HIPAA', 'db-read', 'active', 2],
        ['PCI', 'cards', 'draft', 2],
        ['SOC2', 'db-read', 'active', 2],
      ]);
      expect(result.changes.map((change) => [change.tag, change.policy_name, change.type])).to.deep.equal([
        ['HIPAA', 'db-read', 'policy.created'],
        ['HIPAA', 'db-read', 'policy.updated'],
        ['PCI', 'cards', 'policy.updated'],
        ['SOC2', 'db-read', 'policy.created'],
        ['SOC2', 'cards', 'policy.created'],
        ['SOC2', 'cards', 'policy.updated'],
        ['SOC2', 'db-read', 'policy.updated'],
      ]);
      const onlyPci = await completed(t.app, auditor, (await startReport(t.app, auditor, { kind: 'compliance', since, tags: ['PCI'] })).id);
      expect((onlyPci.result as { tags: unknown }).tags).to.deep.equal([{ tag: 'PCI', changes: 1, policies: 1 }]);
    });

    it('records report.completed when a report finishes', async () => {
      const { id } = await startReport(t.app, auditor, { kind: 'policy_change_history', since });
      await completed(t.app, auditor, id);
      const event = await t.app.db('audit_events').where({ type: 'report.completed', target_id: id }).first();
      expect(event).to.include({ actor_subject: 'system:audit-reports', outcome: 'success' });
      expect(event.data).to.include({ kind: 'policy_change_history', events_processed: 6 });
    });

    it('answers the status with Retry-After while a report runs, and 409 report_not_ready to its CSV', async () => {
      // A report row without a job, so that no worker finishes it under the test.
      const id = '5d7c3b1e-2f4a-4c6d-8e9f-0a1b2c3d4e5f';
      await t.app.db('audit_reports').insert({
        id,
        kind: 'compliance',
        status: 'running',
        until: new Date(),
        through_seq: 0,
        requested_by: JSON.stringify({ subject: 'x', client_id: null, token_kind: 'api_token' }),
        created_at: new Date(),
        started_at: new Date(),
        updated_at: new Date(),
      });
      const status = await t.app.inject({ method: 'GET', url: `/v1/audit/reports/${id}`, headers: { authorization: `Bearer ${auditor}` } });
      expect(status.statusCode).to.equal(200);
      expect(status.headers['retry-after']).to.equal('2');
      expectSchema('audit-report', status.json());
      expect(status.json()).to.not.have.property('result');
      const csv = await t.app.inject({ method: 'GET', url: `/v1/audit/reports/${id}`, headers: { authorization: `Bearer ${auditor}`, accept: 'text/csv' } });
      expectProblem(csv, 409, 'report_not_ready');
    });

    it('fails a report after its last retry, telling the reader no more than that, and records report.failed', async () => {
      const id = '6e8d4c2f-3a5b-4d7e-9f01-1b2c3d4e5f60';
      await t.app.db('audit_reports').insert({
        id,
        kind: 'policy_change_history',
        status: 'pending',
        until: new Date(),
        through_seq: 1_000_000,
        requested_by: JSON.stringify({ subject: 'x', client_id: null, token_kind: 'api_token' }),
        created_at: new Date(),
        updated_at: new Date(),
      });
      await t.app.db.raw(
        `CREATE FUNCTION test_refuse_rows() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'secret detail of the cause'; END $$`,
      );
      await t.app.db.raw('CREATE TRIGGER test_refuse_rows BEFORE INSERT ON audit_report_rows FOR EACH ROW EXECUTE FUNCTION test_refuse_rows()');
      try {
        // As pg-boss hands over the last attempt of the job (the runner's handler, called directly).
        const runner = t.app.audit.reports as unknown as { run(job: unknown): Promise<void> };
        await runner.run({ id: 'job', name: 'audit-report', data: { report_id: id }, retryCount: 5, retryLimit: 5 });
      } finally {
        await t.app.db.raw('DROP TRIGGER test_refuse_rows ON audit_report_rows');
        await t.app.db.raw('DROP FUNCTION test_refuse_rows()');
      }
      const response = await t.app.inject({ method: 'GET', url: `/v1/audit/reports/${id}`, headers: { authorization: `Bearer ${auditor}` } });
      const report = response.json();
      expectSchema('audit-report', report);
      expect(report.status).to.equal('failed');
      expect(report.error)
        .to.match(/failed after 6 attempts/)
        .and.not.include('secret detail');
      expect(response.headers['retry-after']).to.equal(undefined);
      const event = await t.app.db('audit_events').where({ type: 'report.failed', target_id: id }).first();
      expect(event.data).to.include({ kind: 'policy_change_history' });
    });

    it('refuses a period that ends before it starts, tags on other kinds, and callers without read:audit', async () => {
      for (const body of [
        { kind: 'access_summary', since: '2030-01-01T00:00:00Z', until: '2020-01-01T00:00:00Z' },
        { kind: 'access_summary', tags: ['SOC2'] },
        { kind: 'weekly' },
      ]) {
        expectProblem(
          await t.app.inject({ method: 'POST', url: '/v1/audit/reports', headers: { authorization: `Bearer ${auditor}` }, payload: body }),
          400,
          'validation_failed',
        );
      }
      const reader = await accessToken(t.app, await registerClient(t.app, ['read:policies']));
      expectProblem(
        await t.app.inject({ method: 'POST', url: '/v1/audit/reports', headers: { authorization: `Bearer ${reader}` }, payload: { kind: 'compliance' } }),
        403,
        'insufficient_scope',
      );
      expectProblem(
        await t.app.inject({ method: 'GET', url: '/v1/audit/reports/7c0b6d3a-1111-4222-8333-944455556666', headers: { authorization: `Bearer ${auditor}` } }),
        404,
        'not_found',
      );
    });

    it('never leaves a report without its job: both are written in one transaction', async () => {
      await t.app.db.raw(`CREATE FUNCTION test_refuse_job() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'queue refuses'; END $$`);
      await t.app.db.raw('CREATE TRIGGER test_refuse_job BEFORE INSERT ON pgboss.job FOR EACH ROW EXECUTE FUNCTION test_refuse_job()');
      const before = await t.app.db('audit_reports').count<{ count: number }[]>({ count: '*' });
      try {
        const response = await t.app.inject({
          method: 'POST',
          url: '/v1/audit/reports',
          headers: { authorization: `Bearer ${auditor}` },
          payload: { kind: 'compliance' },
        });
        expect(response.statusCode).to.equal(500);
      } finally {
        await t.app.db.raw('DROP TRIGGER test_refuse_job ON pgboss.job');
        await t.app.db.raw('DROP FUNCTION test_refuse_job()');
      }
      expect(await t.app.db('audit_reports').count<{ count: number }[]>({ count: '*' })).to.deep.equal(before);
    });
  });

  describe('CSV records', () => {
    it('quote as RFC 4180 says, and defuse text a spreadsheet would run as a formula', () => {
      const record = csvRecord(['=HYPERLINK("x")', 'a,b', 'say "hi"', null, 3, ['x', 'y'], '-1', '@me']);
      expect(record).to.equal(`"'=HYPERLINK(""x"")","a,b","say ""hi""",,3,x y,'-1,'@me\r\n`);
    });
  });

  describe('across a restart', () => {
    it('resumes a report stopped half-way by closing its server, on another server, and counts every event once', async () => {
      const databaseUrl = await freshDatabase();
      const keyEncryptionKey = randomBytes(32).toString('base64');
      const first = await startTestApp({ databaseUrl, config: { keyEncryptionKey } });
      const token = await accessToken(first.app, await registerClient(first.app, ['admin:all']));
      await first.app.inject({
        method: 'POST',
        url: '/v1/policies',
        headers: { authorization: `Bearer ${token}` },
        payload: samplePolicy({ name: 'allow', rules: [allowReadDatabases] }),
      });
      const requests = Array.from({ length: 100 }, (_, n) => decisionRequest(`u-${n % 7}`, 'database', `prod-${n % 3}`, n % 4 === 0 ? 'write' : 'read'));
      for (let n = 0; n < 3; n++)
        await first.app.inject({ method: 'POST', url: '/v1/decisions/batch', headers: { authorization: `Bearer ${token}` }, payload: { requests } });

      let halfWay!: () => void;
      const reachedHalfWay = new Promise<void>((resolve) => (halfWay = resolve));
      first.app.audit.reports.tuning = {
        chunkSize: 20,
        chunkBytes: 4_000_000,
        sliceMs: 60_000,
        afterChunk: async (_id, processed) => {
          if (processed >= 100) halfWay();
          await new Promise((resolve) => setTimeout(resolve, 30));
        },
      };
      const report = await startReport(first.app, token, { kind: 'access_summary' });
      await reachedHalfWay;
      await first.close();

      const stopped = await (await import('../../server/src/db/knex.js')).createKnex(databaseUrl, 1);
      try {
        const row = await stopped('audit_reports').where({ id: report.id }).first();
        expect(row.status).to.equal('running');
        expect(Number(row.events_processed)).to.be.within(100, 299);
      } finally {
        await stopped.destroy();
      }

      const second = await startTestApp({ databaseUrl, config: { keyEncryptionKey } });
      try {
        const done = await completed(second.app, token, report.id, 30_000);
        expect(done.progress.events_processed).to.equal(300);
        const result = done.result as {
          totals: { evaluated: number; allow: number; deny: number };
          by_action: Array<{ action: string; total: number }>;
          by_principal: Array<{ total: number }>;
        };
        expect(result.totals).to.deep.equal({ evaluated: 300, allow: 225, deny: 75 });
        expect(result.by_action).to.deep.equal([
          { action: 'read', allow: 225, deny: 0, total: 225 },
          { action: 'write', allow: 0, deny: 75, total: 75 },
        ]);
        expect(result.by_principal.reduce((sum, row) => sum + row.total, 0)).to.equal(300);
      } finally {
        await second.close();
      }
    });
  });
});
