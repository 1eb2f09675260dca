import { createHash } from 'node:crypto';
import { expect } from 'chai';
import pg from 'pg';
import { canonicalJson, type AuditEvent, type AuditEventList, type AuditVerification } from '../../core/src/index.js';
import { accessToken, registerClient, startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { bearer } from '../helpers/credentials.js';
import { expectProblem } from '../helpers/responses.js';
import { expectSchema } from '../helpers/schemas.js';
import { apiCli } from '../cli/resources-support.js';
import { DelegationSetup, type TestAgent } from '../oauth/support/delegation.js';
import { samplePolicy } from '../policies/fixtures.js';
import { createWebhook, webhookTestConfig } from '../webhooks/fixtures.js';
import { Receiver } from '../webhooks/receiver.js';
import { eventually } from './helpers.js';

/**
 * Issue #36: an agent acting for a person through token exchange (RFC 8693) leaves the person as
 * the actor of what it does, and the agents in the event's `actor.act`, nearest first: hashed
 * with the event, found by `actor=` under the agent's principal or client id as well as the
 * person's, delivered to webhooks as recorded. A delegated token cannot manage the delegation.
 */
describe('audit events of agents acting for people (RFC 8693 act)', function () {
  this.timeout(60_000);
  let t: TestApp;
  let setup: DelegationSetup;
  let admin: string;
  let auditorClient: TestClient;
  let auditor: string;
  let agentId: string;
  let agentName: string;
  let bot: TestAgent;
  let delegated: string;
  let receiver: Receiver;
  /** A session as an attacker with database access has: triggers off. */
  let attacker: pg.Client;

  const createPolicy = async (token: string, name: string): Promise<string> => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/policies', headers: bearer(token), payload: samplePolicy({ name }) });
    expect(response.statusCode, response.body).to.equal(201);
    return response.json().id;
  };
  const events = async (query: string): Promise<AuditEventList> => {
    const response = await t.app.inject({ method: 'GET', url: `/v1/audit/events?${query}`, headers: bearer(auditor) });
    expect(response.statusCode, response.body).to.equal(200);
    expectSchema('audit-event-list', response.json());
    return response.json();
  };
  const eventOn = async (policyId: string): Promise<AuditEvent> => (await events(`type=policy.created&target_id=${policyId}`)).data[0]!;
  const verify = async (): Promise<AuditVerification> => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/audit/verify', headers: bearer(auditor) });
    expect(response.statusCode, response.body).to.equal(200);
    return response.json();
  };

  /** Policies created before any delegated write, by the agent for the user, and by the agent in parallel. */
  let withoutAgent: string;
  let byAgent: string;
  let parallel: string[];
  const decisionIds: string[] = [];

  before(async () => {
    receiver = await Receiver.start();
    t = await startTestApp({ listen: true, config: webhookTestConfig });
    admin = await accessToken(t.app, await registerClient(t.app, ['admin:all']));
    auditorClient = await registerClient(t.app, ['read:audit']);
    auditor = await accessToken(t.app, auditorClient);
    await createWebhook(t.app, admin, { url: receiver.url(), event_types: ['policy.created'] });
    agentName = `support-bot-${Date.now().toString(36)}`;
    const agent = await t.app.inject({ method: 'POST', url: '/v1/principals', headers: bearer(admin), payload: { kind: 'agent', name: agentName } });
    expect(agent.statusCode, agent.body).to.equal(201);
    agentId = agent.json().id;
    const scopes = ['read:policies', 'write:policies', 'evaluate:decisions'];
    setup = await DelegationSetup.start(t.app, { admin: true, scopes });
    bot = await setup.agent({ scopes, grantScopes: scopes, agentPrincipalId: agentId });
    delegated = await setup.delegatedToken(bot, scopes.join(' '));
    attacker = new pg.Client({ connectionString: t.config.databaseUrl });
    await attacker.connect();
    await attacker.query("SET session_replication_role = 'replica'");

    withoutAgent = await createPolicy(admin, 'before-agents');
    byAgent = await createPolicy(delegated, 'by-agent');
    parallel = await Promise.all(Array.from({ length: 8 }, (_, n) => createPolicy(delegated, `by-agent-${n}`)));
    // Two in turn: the recorder's first write reserves, the next one goes on its predicted tail (acctl_record_checked_decisions).
    for (let n = 0; n < 2; n++) {
      const decision = await t.app.inject({
        method: 'POST',
        url: '/v1/decisions/evaluate',
        headers: bearer(delegated),
        payload: { principal: { id: setup.user.id, type: 'USER' }, resource: { type: 'database', identifier: 'prod-db-1' }, action: 'read' },
      });
      expect(decision.statusCode, decision.body).to.equal(200);
      decisionIds.unshift(decision.json().id);
    }
  });
  after(async () => {
    await attacker?.end();
    await t?.close();
    await receiver?.close();
  });

  it('records the person as the actor and the agent in actor.act, with its client and kind', async () => {
    const event = await eventOn(byAgent);
    expect(event.actor).to.deep.equal({
      subject: setup.user.id,
      client_id: bot.client.clientId,
      token_kind: 'access_token',
      act: [{ sub: agentId, client_id: bot.client.clientId, kind: 'agent' }],
    });
    const { hash, ...fields } = event;
    expect(createHash('sha256').update(canonicalJson(fields)).digest('hex')).to.equal(hash);
  });

  it('leaves actor.act out of an event made without an agent', async () => {
    const event = await eventOn(withoutAgent);
    expect(event.actor).to.not.have.property('act');
  });

  it('records each of parallel writes an agent makes for the person with its chain', async () => {
    for (const id of parallel) expect((await eventOn(id)).actor.act).to.deep.equal([{ sub: agentId, client_id: bot.client.clientId, kind: 'agent' }]);
  });

  it('records the decisions the agent asked for the person with its chain, on the decision chain', async () => {
    const { data } = await events(`chain=decision&actor=${agentId}`);
    const act = [{ sub: agentId, client_id: bot.client.clientId }];
    expect(data.map((event) => [event.id, event.actor.subject, event.actor.act])).to.deep.equal(decisionIds.map((id) => [id, setup.user.id, act]));
  });

  it("finds an agent's actions for a person by the agent's principal id, its client id and the person's id", async () => {
    const made = [byAgent, ...parallel].sort();
    const targets = (list: AuditEventList) => list.data.map((event) => event.target.id).sort();
    for (const actor of [agentId, bot.client.clientId, setup.user.id]) {
      expect(targets(await events(`type=policy.created&limit=100&actor=${encodeURIComponent(actor)}`)), actor).to.deep.equal(made);
    }
    const list = await events(`type=policy.created&actor=${agentId}`);
    expect(list.names[agentId]).to.equal(agentName);
    expect(list.names[setup.user.id]).to.equal(setup.user.username);
    expect((await events(`type=policy.created&actor=someone-else`)).data).to.deep.equal([]);
  });

  it('verifies the log with events before and after agents acted, and names an event whose chain was edited', async () => {
    const result = await verify();
    expect(result.valid, JSON.stringify(result.first_broken_link)).to.equal(true);
    const victim = await eventOn(byAgent);
    const stored = JSON.stringify(victim.actor.act);
    for (const forged of [JSON.stringify([{ sub: 'another-agent', client_id: bot.client.clientId, kind: 'agent' }]), null]) {
      await attacker.query('UPDATE audit_events SET actor_act = $1 WHERE id = $2', [forged, victim.id]);
      try {
        const broken = await verify();
        expect(broken.valid).to.equal(false);
        expect(broken.first_broken_link).to.deep.include({ event_id: victim.id, problem: 'hash_mismatch' });
      } finally {
        await attacker.query('UPDATE audit_events SET actor_act = $1 WHERE id = $2', [stored, victim.id]);
      }
    }
    expect((await verify()).valid).to.equal(true);
  });

  it("delivers the chain in the webhook payload's actor, as the audit log records it", async () => {
    const recorded = await eventOn(byAgent);
    const delivery = await eventually(async () =>
      receiver.requests.map((request) => JSON.parse(request.body) as { data: AuditEvent }).find((payload) => payload.data.id === recorded.id),
    );
    expectSchema('webhook-payload', delivery);
    expect(delivery.data.actor).to.deep.equal(recorded.actor);
  });

  it('shows `via AGENT` in `acctl audit events --actor AGENT`, and the chain in --json', async () => {
    const cli = apiCli(t, auditorClient);
    const table = await cli(['audit', 'events', '--actor', agentName, '--type', 'policy.created', '--limit', '1']);
    expect(table.exitCode, table.stderr).to.equal(0);
    expect(table.stdout).to.include(`${setup.user.username} (${setup.user.id}) via ${agentName} (${agentId})`);
    const json = await cli(['audit', 'events', '--actor', agentName, '--type', 'policy.created', '--json']);
    expect(json.exitCode, json.stderr).to.equal(0);
    expect(json.json<AuditEventList>().data.map((event) => event.actor.act?.[0]?.sub)).to.deep.equal(Array(9).fill(agentId));
  });

  it('refuses a delegated token the delegation grants, listing and revoking, with 403 delegated_token_refused', async () => {
    const listed = await t.app.inject({ method: 'GET', url: '/v1/delegation-grants', headers: bearer(delegated) });
    expectProblem(listed, 403, 'delegated_token_refused');
    const revoked = await t.app.inject({ method: 'DELETE', url: `/v1/delegation-grants/${bot.grant!.id}`, headers: bearer(delegated) });
    expectProblem(revoked, 403, 'delegated_token_refused');
    // The grant stands: the agent still acts, and the user still manages it with their own token.
    expect((await t.app.inject({ method: 'GET', url: '/v1/policies', headers: bearer(delegated) })).statusCode).to.equal(200);
    const own = await t.app.inject({ method: 'GET', url: '/v1/delegation-grants', headers: bearer(await setup.userToken('read:policies')) });
    expect(own.statusCode, own.body).to.equal(200);
    expect(own.json().data.map((grant: { id: string; revoked_at: string | null }) => [grant.id, grant.revoked_at])).to.deep.include([bot.grant!.id, null]);
  });
});
