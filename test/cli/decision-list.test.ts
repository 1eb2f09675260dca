import { expect } from 'chai';
import type { AuditReport, AuditReportList, DecisionList } from '../../core/src/index.js';
import { exitCodes } from '../../kit/src/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { expectSchema } from '../helpers/schemas.js';
import { apiAs, apiCli } from './resources-support.js';
import type { CliResult } from './run-cli.js';

const ledgerPolicy = {
  name: 'ledger-read',
  status: 'active',
  rules: [
    {
      effect: 'allow',
      principals: { type: 'USER', attributes: { department: ['finance'] } },
      resources: { type: 'database', identifiers: ['prod-*'] },
      actions: ['read'],
    },
  ],
};

/** Issue #22: `acctl decision list` and `acctl audit report list`, against a running server. */
describe('acctl decision list and acctl audit report list', function () {
  this.timeout(120_000);
  let t: TestApp;
  let cli: ReturnType<typeof apiCli>;
  let call: Awaited<ReturnType<typeof apiAs>>['call'];
  const allowed: string[] = [];
  const denied: string[] = [];
  const reports: AuditReport[] = [];

  const ok = (result: CliResult): CliResult => {
    expect(result.exitCode, result.stderr).to.equal(0);
    return result;
  };
  const request = (department: string, principalId: string) => ({
    principal: { type: 'USER', id: principalId, attributes: { department } },
    resource: { type: 'database', identifier: 'prod-ledger' },
    action: 'read',
  });

  before(async () => {
    t = await startTestApp({ listen: true });
    const caller = await apiAs(t, ['evaluate:decisions', 'read:audit', 'write:policies']);
    call = caller.call;
    cli = apiCli(t, (await apiAs(t, ['read:audit'])).client);
    await call('POST', '/v1/policies', ledgerPolicy);
    // Decisions made at once, as a busy service makes them.
    const made = await Promise.all(
      Array.from({ length: 30 }, (_, n) => call('POST', '/v1/decisions/evaluate', request(n % 3 === 0 ? 'sales' : 'finance', `user-${n % 5}`))),
    );
    for (const decision of made) (decision.decision === 'allow' ? allowed : denied).push(decision.id);
    const kinds = ['access_summary', 'policy_change_history', 'compliance', 'access_summary', 'policy_change_history'];
    reports.push(...(await Promise.all(kinds.map((kind) => call('POST', '/v1/audit/reports', { kind })))));
  });
  after(() => t.close());

  describe('decision list', () => {
    it('lists recorded decisions newest first, as the API envelope with --json', async () => {
      const list = ok(await cli(['decision', 'list', '--limit', '100', '--json'])).json<DecisionList>();
      // The API's envelope (--json adds format_version beside it).
      expectSchema('decision-list', { data: list.data, next_cursor: list.next_cursor });
      expect(list.data.map((record) => record.id)).to.have.members([...allowed, ...denied]);
      const times = list.data.map((record) => record.timestamp);
      expect(times).to.deep.equal([...times].sort().reverse());
      expect(list.next_cursor).to.equal(null);
    });

    it('filters by decision, principal and action', async () => {
      const denies = ok(await cli(['decision', 'list', '--decision', 'deny', '--limit', '100', '--json'])).json<DecisionList>();
      expect(denies.data.map((record) => record.id)).to.have.members(denied);
      const alice = ok(await cli(['decision', 'list', '--principal-id', 'user-0', '--action', 'read', '--json'])).json<DecisionList>();
      expect(alice.data).to.have.length(6);
      expect(alice.data.every((record) => record.request.principal.id === 'user-0')).to.equal(true);
      const none = ok(await cli(['decision', 'list', '--action', 'write']));
      expect(none.stdout).to.equal('No decisions match.\n');
    });

    it('follows pages up to --limit, and continues from --cursor without repeating a decision', async () => {
      const first = ok(await cli(['decision', 'list', '--limit', '12', '--json'])).json<DecisionList>();
      expect(first.data).to.have.length(12);
      expect(first.next_cursor).to.be.a('string');
      const rest = ok(await cli(['decision', 'list', '--limit', '100', '--cursor', first.next_cursor!, '--json'])).json<DecisionList>();
      expect(rest.data).to.have.length(18);
      expect([...first.data, ...rest.data].map((record) => record.id)).to.have.members([...allowed, ...denied]);
    });

    it('prints a table for people, with the cursor to continue on stderr', async () => {
      const result = ok(await cli(['decision', 'list', '--limit', '5']));
      const [header, ...rows] = result.stdout.trimEnd().split('\n');
      expect(header).to.match(/^TIME\s+ID\s+DECISION\s+PRINCIPAL\s+ACTION\s+RESOURCE\s+CONTEXT$/);
      expect(rows).to.have.length(5);
      expect(rows[0]).to.match(/\s(allow|deny)\s+USER user-\d\s+read\s+database:prod-ledger\s/);
      expect(result.stderr).to.match(/5 decisions shown; more with --cursor \S+/);
    });

    it('refuses a --since that is not a time, with exit code 2', async () => {
      const result = await cli(['decision', 'list', '--since', 'yesterday']);
      expect(result.exitCode).to.equal(exitCodes.usage_error);
    });

    it('exits 7 for a caller without read:audit', async () => {
      const narrow = apiCli(t, (await apiAs(t, ['evaluate:decisions'])).client);
      expect((await narrow(['decision', 'list'])).exitCode).to.equal(exitCodes.auth_error);
    });
  });

  describe('audit report list', () => {
    it('lists the reports newest first, without their results, as the API envelope with --json', async () => {
      const list = ok(await cli(['audit', 'report', 'list', '--json'])).json<AuditReportList>();
      expectSchema('audit-report-list', { data: list.data, next_cursor: list.next_cursor, names: list.names });
      expect(list.data.map((report) => report.id)).to.have.members(reports.map((report) => report.id));
      const created = list.data.map((report) => report.created_at);
      expect(created).to.deep.equal([...created].sort().reverse());
      expect(list.data.every((report) => !('result' in report))).to.equal(true);
    });

    it('filters by kind and follows pages across --limit and --cursor', async () => {
      const summaries = ok(await cli(['audit', 'report', 'list', '--kind', 'access_summary', '--json'])).json<AuditReportList>();
      expect(summaries.data.map((report) => report.id)).to.have.members(
        reports.filter((report) => report.kind === 'access_summary').map((report) => report.id),
      );
      const first = ok(await cli(['audit', 'report', 'list', '--limit', '2', '--json'])).json<AuditReportList>();
      expect(first.data).to.have.length(2);
      const rest = ok(await cli(['audit', 'report', 'list', '--cursor', first.next_cursor!, '--json'])).json<AuditReportList>();
      expect([...first.data, ...rest.data].map((report) => report.id)).to.have.members(reports.map((report) => report.id));
    });

    it('prints a table for people', async () => {
      const result = ok(await cli(['audit', 'report', 'list', '--kind', 'compliance']));
      const [header, ...rows] = result.stdout.trimEnd().split('\n');
      expect(header).to.match(/^CREATED\s+ID\s+KIND\s+STATUS\s+PERIOD\s+BY$/);
      expect(rows).to.have.length(1);
      expect(rows[0]).to.include(reports[2]!.id).and.to.include('compliance');
    });

    it('answers 400 for a cursor it did not give out, and 403 without read:audit', async () => {
      const bad = await cli(['audit', 'report', 'list', '--cursor', 'bm90LWEtY3Vyc29y']);
      expect(bad.exitCode).to.equal(exitCodes.usage_error);
      expect(bad.stderr).to.include('not one this API gave out');
      const narrow = apiCli(t, (await apiAs(t, ['evaluate:decisions'])).client);
      expect((await narrow(['audit', 'report', 'list'])).exitCode).to.equal(exitCodes.auth_error);
    });
  });
});
