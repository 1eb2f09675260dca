import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import pg from 'pg';
import type { AuditEvent, AuditEventList, AuditReport, AuditReportList, AuditVerification, Principal } from '../../../core/src/index.js';
import { exitCodes } from '../../../kit/src/index.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { requestCount } from '../../helpers/request-counts.js';
import { expectSchema } from '../../helpers/schemas.js';
import { samplePolicy } from '../../policies/fixtures.js';
import { apiAs, apiCli, serverOrigin } from '../resources-support.js';
import type { CliResult } from '../run-cli.js';
import { runInTerminal } from './terminal.js';
import { clientFields, registerCodeClient } from '../../oauth/support/clients.js';
import { expectTokens, postToken } from '../../oauth/support/tokens.js';
import { authorizationCode, createTestUser, PageAgent, signIn } from '../../oauth/support/user-agent.js';

describe('acctl audit (against a running server)', function () {
  this.timeout(120_000);
  let t: TestApp;
  let cli: ReturnType<typeof apiCli>;
  let call: Awaited<ReturnType<typeof apiAs>>['call'];
  let admin: string;
  let principal: Principal;
  let updated: AuditEvent;
  let createdBefore: string;
  let workDir: string;
  let env: Record<string, string>;

  const ok = (result: CliResult): CliResult => {
    expect(result.exitCode, result.stderr).to.equal(0);
    return result;
  };

  before(async () => {
    t = await startTestApp({ listen: true });
    ({
      call,
      client: { clientId: admin },
    } = await apiAs(t, ['write:principals', 'write:policies', 'read:audit']));
    const reader = (await apiAs(t, ['read:audit'])).client;
    cli = apiCli(t, reader);
    env = { ACCTL_SERVER: serverOrigin(t), ACCTL_CLIENT_ID: reader.clientId, ACCTL_CLIENT_SECRET: reader.clientSecret };
    principal = await call('POST', '/v1/principals', { kind: 'service', name: 'billing-worker', attributes: { department: 'finance', level: 3 } });
    await call('PATCH', `/v1/principals/${principal.id}`, { attributes: { department: 'security' } });
    await call('POST', '/v1/policies', samplePolicy());
    const list: AuditEventList = await call('GET', `/v1/audit/events?type=principal.updated&target_id=${principal.id}`);
    updated = list.data[0]!;
    createdBefore = new Date().toISOString();
    // More than a page of the API (100), to see --limit follow the cursor.
    for (let n = 0; n < 110; n++) await call('POST', '/v1/principals', { kind: 'agent', name: `agent-${n}` });
    workDir = mkdtempSync(path.join(os.tmpdir(), 'acctl-audit-cli-'));
  });
  after(() => t.close());

  describe('audit events', () => {
    it('lists events matching the filters, newest first, as the API envelope with --json', async () => {
      const list = ok(await cli(['audit', 'events', '--target-id', principal.id, '--json'])).json<AuditEventList>();
      expectSchema('audit-event-list', list);
      expect(list.data.map((event) => event.type)).to.deep.equal(['principal.updated', 'principal.created']);
      expect(list.next_cursor).to.equal(null);
      // The ids stay as recorded; the actors' names come beside them, as the API answers them.
      expect(list.data[0]!.actor.subject).to.equal(admin);
      expect(list.names).to.deep.equal({ [admin]: 'Test client' });
    });

    it('prints a table for people, with the cursor to continue on stderr', async () => {
      const result = ok(await cli(['audit', 'events', '--type', 'principal.*', '--actor', admin, '--limit', '3']));
      const [header, ...rows] = result.stdout.trimEnd().split('\n');
      expect(header).to.match(/^TIME\s+TYPE\s+ACTOR\s+TARGET\s+NAME\s+OUTCOME\s+ID$/);
      expect(rows).to.have.length(3);
      expect(rows[0]).to.contain('principal.created').and.to.contain('principal:').and.to.contain('success');
      // The actor by name, its id beside it (GET /audit/events' names).
      expect(rows[0]).to.contain(`Test client (${admin})`);
      // The target's name beside its id, from the event itself (the newest: the last agent created).
      expect(rows[0]).to.match(/principal:[0-9a-f-]{36}\s+agent-109\s/);
      expect(result.stdout).not.to.match(/\u001b\[/);
      expect(result.stderr).to.match(/3 events shown; more with --cursor \S+/);
    });

    it('follows the cursor across pages up to --limit, and continues from --cursor without repeating an event', async () => {
      const first = ok(await cli(['audit', 'events', '--type', 'principal.created', '--limit', '105', '--json'])).json<AuditEventList>();
      expect(first.data).to.have.length(105);
      expect(first.next_cursor).to.be.a('string');
      const rest = ok(
        await cli(['audit', 'events', '--type', 'principal.created', '--limit', '105', '--cursor', first.next_cursor!, '--json']),
      ).json<AuditEventList>();
      expect(rest.data).to.have.length(6);
      expect(rest.next_cursor).to.equal(null);
      const sequences = [...first.data, ...rest.data].map((event) => event.sequence);
      expect(sequences).to.deep.equal([...sequences].sort((a, b) => b - a));
      expect(new Set(sequences).size).to.equal(111);
    });

    it('reads --since and --until as durations back from now or as timestamps', async () => {
      const recent = ok(await cli(['audit', 'events', '--target-id', principal.id, '--since', '1h', '--json'])).json<AuditEventList>();
      expect(recent.data).to.have.length(2);
      const older = ok(await cli(['audit', 'events', '--target-id', principal.id, '--until', '1h', '--json'])).json<AuditEventList>();
      expect(older.data).to.deep.equal([]);
      const later = ok(
        await cli(['audit', 'events', '--type', 'principal.created', '--since', createdBefore, '--limit', '200', '--json']),
      ).json<AuditEventList>();
      expect(later.data).to.have.length(110);
      expect(later.data.every((event) => event.time >= createdBefore)).to.equal(true);
    });

    it('refuses a --since that is neither a duration nor a timestamp, with exit code 2', async () => {
      const result = await cli(['audit', 'events', '--since', 'yesterday']);
      expect(result.exitCode).to.equal(exitCodes.usage_error);
      expect(result.stderr).to.contain('Error: --since expects a duration (30s, 15m, 1h, 7d) or an RFC 3339 timestamp, got: yesterday');
    });

    it("shows the server's detail for a filter it refuses, on the flag that carried it", async () => {
      const result = await cli(['audit', 'events', '--type', 'nothing.such']);
      expect(result.exitCode).to.equal(exitCodes.usage_error);
      expect(result.stderr).to.match(/--type: unknown event type nothing\.such/i);
    });
  });

  describe('audit get', () => {
    it('shows an event with its actor by name and its change, field by field, in one request', async () => {
      const asked = async () => (await requestCount(t.app, 'GET', '/v1/audit/events')) + (await requestCount(t.app, 'GET', '/v1/audit/events/:id'));
      const before = await asked();
      const result = ok(await cli(['audit', 'get', updated.id]));
      expect((await asked()) - before).to.equal(1);
      expect(result.stdout).to.match(/type\s+principal\.updated/);
      // The actor by name beside its id, as audit events shows it; the client only when it is another.
      expect(result.stdout).to.match(new RegExp(`actor\\s+Test client \\(${admin}\\) \\(access_token\\)`));
      expect(result.stdout).to.match(new RegExp(`target\\s+principal:${principal.id} \\(billing-worker\\)`));
      expect(result.stdout).to.contain('- attributes.department: finance');
      expect(result.stdout).to.contain('+ attributes.department: security');
      expect(result.stdout).not.to.contain('attributes.level');
    });

    it('reads the names from GET /audit/events?id=, which answers that one event or none, and refuses an id that is not one', async () => {
      const one: AuditEventList = await call('GET', `/v1/audit/events?id=${updated.id}`);
      expect(one.data).to.deep.equal([updated]);
      expect(one.names).to.deep.equal({ [admin]: 'Test client' });
      const none: AuditEventList = await call('GET', '/v1/audit/events?id=00000000-0000-4000-8000-000000000000');
      expect(none.data).to.deep.equal([]);
      const refused = await call('GET', '/v1/audit/events?id=not-an-id').then(
        () => 'answered',
        (error: Error) => error.message,
      );
      expect(refused).to.match(/: 400 .*validation_failed/);
    });

    it('prints the event as the API answers it with --json, before and after included', async () => {
      const event = ok(await cli(['audit', 'get', updated.id, '--json'])).json<AuditEvent>();
      expect(event).to.deep.equal(updated);
      expect((event.change!.after as Principal).attributes).to.deep.equal({ department: 'security', level: 3 });
    });

    it('exits 4 for an event that does not exist', async () => {
      const result = await cli(['audit', 'get', '00000000-0000-4000-8000-000000000000']);
      expect(result.exitCode).to.equal(exitCodes.not_found);
      expect(result.stderr).to.contain('No audit event with id 00000000-0000-4000-8000-000000000000');
    });
  });

  describe('audit report', () => {
    it('lists reports with who asked by name, the id beside it', async () => {
      const reader = (await apiAs(t, ['read:audit'])).client;
      await t.app.db('oauth_clients').where({ client_id: reader.clientId }).update({ name: 'Quarterly auditor' });
      const asker = apiCli(t, reader);
      ok(await asker(['audit', 'report', 'create', '--kind', 'access_summary', '--since', '1h']));
      const result = ok(await asker(['audit', 'report', 'list', '--kind', 'access_summary']));
      const [header, ...rows] = result.stdout.trimEnd().split('\n');
      expect(header).to.match(/\sBY$/);
      expect(
        rows.some((row) => row.endsWith(`Quarterly auditor (${reader.clientId})`)),
        result.stdout,
      ).to.equal(true);
      const list = ok(await asker(['audit', 'report', 'list', '--kind', 'access_summary', '--json'])).json<AuditReportList>();
      expect(list.names[reader.clientId]).to.equal('Quarterly auditor');
    });

    it('creates a report, waits for it and saves it under a default name in the current folder', async () => {
      const result = ok(await cli(['audit', 'report', 'create', '--kind', 'policy_change_history', '--since', '1h', '--wait'], { cwd: workDir }));
      const saved = /Saved to (.+)$/m.exec(result.stdout)![1]!;
      expect(path.dirname(saved)).to.equal(workDir);
      expect(path.basename(saved)).to.match(/^audit-report-policy_change_history-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.json$/);
      expect(readdirSync(workDir)).to.include(path.basename(saved));
      const report = JSON.parse(readFileSync(saved, 'utf8')) as AuditReport;
      expectSchema('audit-report', report);
      expect(report).to.include({ kind: 'policy_change_history', status: 'completed' });
      expect(report.result!.totals).to.deep.equal({ changes: 1 });
      expect(result.stdout).to.match(/status\s+completed/);
      // stderr is not a terminal here: no spinner, nothing but the lines a person would want.
      expect(result.stderr).not.to.match(/\r|\u001b/);
    });

    it('prints the completed report with --json, and saves CSV rows to --out', async () => {
      const out = path.join(workDir, 'changes.csv');
      const report = ok(
        await cli(['audit', 'report', 'create', '--kind', 'policy_change_history', '--wait', '--format', 'csv', '--out', out, '--json']),
      ).json<AuditReport>();
      expect(report.status).to.equal('completed');
      expect(report.result).to.have.property('changes').with.length(1);
      const csv = readFileSync(out, 'utf8');
      expect(csv.split('\n')[0]).to.contain('section');
      expect(csv).to.contain('database-read-access');
    });

    it('starts a report without waiting, and gets it later until it is completed', async () => {
      const started = ok(await cli(['audit', 'report', 'create', '--kind', 'access_summary', '--json'])).json<AuditReport>();
      expect(started.status).to.be.oneOf(['pending', 'running']);
      const human = ok(await cli(['audit', 'report', 'create', '--kind', 'access_summary']));
      expect(human.stdout).to.match(/kind\s+access_summary/);
      expect(human.stderr).to.match(/Follow it with: acctl audit report get \S+ --wait/);
      const done = ok(await cli(['audit', 'report', 'get', started.id, '--wait', '--json'])).json<AuditReport>();
      expect(done).to.include({ id: started.id, status: 'completed' });
      expect(done.result).to.have.property('totals');
      const shown = ok(await cli(['audit', 'report', 'get', started.id]));
      expect(shown.stdout).to.match(/status\s+completed/);
      expect(shown.stdout).to.match(/totals\s+/);
    });

    it('shows a spinner with the elapsed time while it waits in a terminal, and clears it', async () => {
      const out = path.join(workDir, 'in-terminal.json');
      const run = runInTerminal(['audit', 'report', 'create', '--kind', 'policy_change_history', '--wait', '--out', out], env);
      expect(await run.exited, run.output()).to.equal(0);
      expect(run.output()).to.match(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] Report policy_change_history .*\d+\.\ds/);
      expect(run.output()).to.contain('\r\u001b[2K');
      expect(run.output()).to.contain(`Saved to ${out}`);
      expect((JSON.parse(readFileSync(out, 'utf8')) as AuditReport).status).to.equal('completed');
    });

    it('refuses an unknown kind with exit code 2', async () => {
      const result = await cli(['audit', 'report', 'create', '--kind', 'everything']);
      expect(result.exitCode).to.equal(exitCodes.usage_error);
      expect(result.stderr).to.contain('--kind');
    });
  });

  describe('audit verify', () => {
    it('reports intact chains with exit code 0', async () => {
      const result = ok(await cli(['audit', 'verify']));
      expect(result.stdout).to.contain('Audit log intact');
      expect(result.stdout).to.match(/^CHAIN\s+STATUS\s+EVENTS\s+ANCHOR\s+HEAD$/m);
      expect(result.stdout).to.match(/^change\s+intact\s+\d+\s+-\s+#\d+ [0-9a-f]{16}$/m);
      const verification = ok(await cli(['audit', 'verify', '--json'])).json<AuditVerification>();
      expectSchema('audit-verify', verification);
      expect(verification.valid).to.equal(true);
    });

    it(`names the first broken link and exits ${exitCodes.chain_broken} after an event is edited in the database`, async () => {
      // As someone with direct database access would: triggers off for this session.
      const attacker = new pg.Client({ connectionString: t.config.databaseUrl });
      await attacker.connect();
      try {
        await attacker.query("SET session_replication_role = 'replica'");
        await attacker.query("UPDATE audit_events SET actor_subject = 'someone-else' WHERE id = $1", [updated.id]);
      } finally {
        await attacker.end();
      }
      const result = await cli(['audit', 'verify']);
      expect(result.exitCode, result.stderr + result.stdout).to.equal(exitCodes.chain_broken);
      expect(result.stdout).to.contain('Audit log BROKEN');
      expect(result.stdout).to.match(/^change\s+broken\s/m);
      expect(result.stdout).to.match(new RegExp(`event\\s+${updated.id} \\(sequence ${updated.sequence}\\)`));
      expect(result.stdout).to.match(/problem\s+hash_mismatch/);
      const json = await cli(['audit', 'verify', '--json']);
      expect(json.exitCode).to.equal(exitCodes.chain_broken);
      const verification = json.json<AuditVerification>();
      expect(verification.valid).to.equal(false);
      expect(verification.first_broken_link).to.include({ event_id: updated.id, problem: 'hash_mismatch' });
    });
  });
});

describe('acctl audit events --actor NAME (names everywhere)', function () {
  this.timeout(120_000);
  let t: TestApp;
  const ok = (result: CliResult): CliResult => {
    expect(result.exitCode, result.stderr).to.equal(0);
    return result;
  };
  before(async () => {
    t = await startTestApp({ listen: true });
  });
  after(() => t.close());

  it("finds a user's events by the user's name with --actor, as by the id", async () => {
    // An administrator signs in and, with a token of their own (sub: their principal id), creates a principal.
    const user = await createTestUser(t.app, { admin: true });
    const app = await registerCodeClient(t.app, { scopes: ['write:principals'] });
    const agent = new PageAgent(t.app);
    await signIn(agent, user);
    const code = await authorizationCode(agent, {
      response_type: 'code',
      client_id: app.clientId,
      redirect_uri: app.redirectUri,
      scope: 'write:principals',
      state: 's',
    });
    const { access_token: token } = expectTokens(
      await postToken(t.app, { grant_type: 'authorization_code', code, redirect_uri: app.redirectUri, ...clientFields(app) }),
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/principals',
      headers: { authorization: `Bearer ${token}` },
      payload: { kind: 'agent', name: `made-by-${user.username}` },
    });
    expect(created.statusCode, created.body).to.equal(201);
    const investigator = apiCli(t, (await apiAs(t, ['read:audit', 'read:principals'])).client);
    const reader = apiCli(t, (await apiAs(t, ['read:audit'])).client);
    const byName = ok(await investigator(['audit', 'events', '--actor', user.username, '--type', 'principal.*', '--json'])).json<AuditEventList>();
    const byId = ok(await investigator(['audit', 'events', '--actor', user.id, '--type', 'principal.*', '--json'])).json<AuditEventList>();
    expect(byName.data.map((event) => event.type)).to.deep.equal(['principal.created']);
    expect(byName.data).to.deep.equal(byId.data);
    expect(byName.names[user.id]).to.equal(user.username);
    // A principal of the same name that never acted leaves the name the user's (test/audit/actor-filter.test.ts refuses two actors of one name).
    await (await apiAs(t, ['write:principals'])).call('POST', '/v1/principals', { kind: 'service', name: user.username });
    const still = ok(await investigator(['audit', 'events', '--actor', user.username, '--type', 'principal.*', '--json'])).json<AuditEventList>();
    expect(still.data).to.deep.equal(byId.data);
    // A client's own tokens have its client id as subject: matched as given, with or without read:principals.
    const creator = await apiAs(t, ['write:principals']);
    await creator.call('POST', '/v1/principals', { kind: 'agent', name: 'made-by-a-client' });
    for (const asker of [investigator, reader]) {
      const list = ok(await asker(['audit', 'events', '--actor', creator.client.clientId, '--type', 'principal.*', '--json'])).json<AuditEventList>();
      expect(list.data.map((event) => event.type)).to.deep.equal(['principal.created']);
    }
  });
});
