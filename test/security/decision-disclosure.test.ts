import { expect } from 'chai';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { bearer } from '../helpers/credentials.js';
import { expectSchema } from '../helpers/schemas.js';

/**
 * Issue #19, finding 7: with only evaluate:decisions, the evaluate answer's reasons quoted a stored
 * principal's attributes (`department "secret-dept-42"`) and named policies, their accepted values
 * and condition bounds. Now a caller sees the decision, its id and the matched rules as policy id,
 * version, rule index and effect; what quotes rules or attributes needs read:policies as well (and
 * read:principals or read:audit when a stored principal's attributes were merged). The same holds
 * for batches and for recorded decisions (GET /decisions, /decisions/{id}, scope read:audit).
 */
describe('Security: a decision discloses only what its caller may read (issue #19, finding 7)', function () {
  this.timeout(60_000);
  let t: TestApp;
  let admin: string;
  let principalId: string;
  let policyId: string;
  const token = async (scopes: string[]) => accessToken(t.app, await registerClient(t.app, scopes));

  /** What only read:policies (rules) and read:principals (stored attributes) may see. */
  const secrets = ['secret-dept-42', 'top-secret-7', 'payroll-7731', 'payroll-secret-policy', 'risk_score', '< 37'];
  const expectNoSecrets = (value: unknown, what: string) => {
    const text = JSON.stringify(value);
    for (const secret of secrets) expect(text, `${what} quotes ${secret}`).to.not.include(secret);
  };
  const expectSummary = (decision: Record<string, unknown>, what: string) => {
    expectNoSecrets(decision, what);
    expectSchema('decision', decision);
    expect(decision.detail, what).to.equal('summary');
  };

  const asStored = { principal: { id: '', type: 'USER' }, resource: { type: 'ledger', identifier: 'l-1' }, action: 'read', context: { risk_score: 10 } };
  const stored = () => ({ ...asStored, principal: { id: principalId, type: 'USER' } });
  const evaluate = (bearerToken: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/v1/decisions/evaluate', headers: bearer(bearerToken), payload: payload as object });

  before(async () => {
    t = await startTestApp({ config: { rateLimitDecision: 1_000_000, rateLimitBulk: 1_000_000 } });
    admin = await token(['admin:all']);
    const policy = await t.app.inject({
      method: 'POST',
      url: '/v1/policies',
      headers: bearer(admin),
      payload: {
        name: 'payroll-secret-policy',
        status: 'active',
        rules: [
          {
            effect: 'allow',
            principals: { type: 'USER', attributes: { department: ['payroll-7731'] } },
            resources: { type: 'ledger', identifiers: ['*'] },
            actions: ['read'],
          },
          {
            effect: 'allow',
            principals: { type: 'USER', attributes: { clearance: ['top-secret-7'] } },
            resources: { type: 'ledger', identifiers: ['*'] },
            actions: ['read'],
            conditions: [{ type: 'risk_score', operator: 'less_than', value: 37 }],
          },
        ],
      },
    });
    expect(policy.statusCode, policy.body).to.equal(201);
    policyId = policy.json().id;
    const principal = await t.app.inject({
      method: 'POST',
      url: '/v1/principals',
      headers: bearer(admin),
      payload: { kind: 'user', name: 'payroll-clerk', attributes: { department: 'secret-dept-42', clearance: 'top-secret-7' } },
    });
    expect(principal.statusCode, principal.body).to.equal(201);
    principalId = principal.json().id;
  });
  after(() => t.close());

  it('answers evaluate:decisions alone with the decision, its id and matched policy ids, versions and rule indexes, quoting nothing (in parallel)', async () => {
    const evaluator = await token(['evaluate:decisions']);
    const responses = await Promise.all(Array.from({ length: 20 }, () => evaluate(evaluator, stored())));
    for (const response of responses) {
      expect(response.statusCode, response.body).to.equal(200);
      const body = response.json();
      expectSummary(body, 'evaluate');
      expect(body.decision).to.equal('allow');
      expect(body.matched_rules).to.deep.equal([{ policy_id: policyId, policy_version: 1, rule_index: 1, effect: 'allow', conditions_met: [] }]);
      expect(body.policy_versions).to.deep.equal({ [policyId]: 1 });
      // The field stays (schemas/decision.json requires it), its contents withheld.
      expect(body.reasons).to.have.length(1);
      expect(body.reasons[0]).to.include('read:policies');
      expect(body.explanation).to.include(`rule 1 of policy ${policyId}`);
    }
  });

  it('answers a batch item by item the same way, a deny too', async () => {
    const evaluator = await token(['evaluate:decisions']);
    const deny = { ...stored(), context: { risk_score: 90 } };
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/decisions/batch',
      headers: bearer(evaluator),
      payload: { requests: [stored(), deny, stored()] },
    });
    expect(response.statusCode, response.body).to.equal(200);
    const { results } = response.json();
    expect(results.map((r: { decision: string }) => r.decision)).to.deep.equal(['allow', 'deny', 'allow']);
    for (const result of results) expectSummary(result, 'batch item');
  });

  it('shows policy names, conditions and reasons to a caller with read:policies and a scope that reads the stored principal', async () => {
    const [withPrincipals, withAudit, policiesOnly] = await Promise.all([
      token(['evaluate:decisions', 'read:policies', 'read:principals']),
      token(['evaluate:decisions', 'read:policies', 'read:audit']),
      token(['evaluate:decisions', 'read:policies']),
    ]);
    for (const caller of [withPrincipals, withAudit, admin]) {
      const body = (await evaluate(caller, stored())).json();
      expectSchema('decision', body);
      expect(body.detail).to.equal('full');
      expect(body.matched_rules[0]).to.include({ policy_name: 'payroll-secret-policy' });
      expect(body.matched_rules[0].conditions_met).to.deep.equal(['risk_score 10 < 37']);
      expect(body.reasons.join('\n')).to.include('department "secret-dept-42" is not one of [payroll-7731]');
    }
    // read:policies reads the rules, not the stored principal: its attributes stay unquoted.
    expectSummary((await evaluate(policiesOnly, stored())).json(), 'read:policies without read:principals, stored principal');
    // Attributes the caller sent itself may be quoted back to it.
    const inline = (
      await evaluate(policiesOnly, { ...asStored, principal: { type: 'USER', attributes: { department: 'mine', clearance: 'top-secret-7' } } })
    ).json();
    expect(inline.detail).to.equal('full');
    expect(inline.reasons.join('\n')).to.include('department "mine"');
  });

  it('keeps the full result in the record, and shows it to a read:audit reader only as a summary unless it has read:policies', async () => {
    const evaluator = await token(['evaluate:decisions']);
    const [auditor, policyAuditor] = await Promise.all([token(['read:audit']), token(['read:audit', 'read:policies'])]);
    const { id } = (await evaluate(evaluator, stored())).json();
    const [one, page, fullOne] = await Promise.all([
      t.app.inject({ method: 'GET', url: `/v1/decisions/${id}`, headers: bearer(auditor) }),
      t.app.inject({ method: 'GET', url: `/v1/decisions?principal_id=${principalId}`, headers: bearer(auditor) }),
      t.app.inject({ method: 'GET', url: `/v1/decisions/${id}`, headers: bearer(policyAuditor) }),
    ]);
    expect(one.statusCode, one.body).to.equal(200);
    expectSchema('decision-record', one.json());
    expectSummary(one.json().result, 'GET /decisions/{id}');
    expect(page.json().data.length).to.be.greaterThan(0);
    for (const record of page.json().data) expectSummary(record.result, 'GET /decisions');
    const full = fullOne.json().result;
    expect(full.detail).to.equal('full');
    expect(full.matched_rules[0].policy_name).to.equal('payroll-secret-policy');
    expect(full.reasons.join('\n')).to.include('secret-dept-42');
    const row = await t.app.db('decisions').where({ id }).first();
    expect(row.result.reasons.join('\n'), 'the stored result is full').to.include('secret-dept-42');
  });

  it('keeps simulation behind read:policies, and a simulation does not merge a stored principal’s attributes', async () => {
    const [evaluator, reader] = await Promise.all([token(['evaluate:decisions']), token(['read:policies'])]);
    const inlinePolicy = {
      name: 'x',
      status: 'draft',
      rules: [{ effect: 'allow', principals: { type: 'USER' }, resources: { type: 'ledger', identifiers: ['*'] }, actions: ['read'] }],
    };
    const [storedSim, inlineSim] = await Promise.all([
      t.app.inject({ method: 'POST', url: `/v1/policies/${policyId}/simulate`, headers: bearer(evaluator), payload: stored() }),
      t.app.inject({ method: 'POST', url: '/v1/policies/simulate', headers: bearer(evaluator), payload: { policy: inlinePolicy, request: stored() } }),
    ]);
    expect(storedSim.statusCode).to.equal(403);
    expect(inlineSim.statusCode).to.equal(403);
    const simulated = await t.app.inject({ method: 'POST', url: `/v1/policies/${policyId}/simulate`, headers: bearer(reader), payload: stored() });
    expect(simulated.statusCode, simulated.body).to.equal(200);
    expect(simulated.body).to.not.include('secret-dept-42');
    expect(simulated.json().reasons.join('\n')).to.include('principal attribute department missing');
  });
});
