import { expect } from 'chai';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { expectSchema } from '../helpers/schemas.js';
import { samplePolicy } from './fixtures.js';

describe('Policy simulation', () => {
  let t: TestApp;
  let token: string;
  let policyId: string;
  // 14:30 in New York on a weekday in November (EST, UTC-5).
  const officeHours = '2026-11-18T19:30:00Z';
  const night = '2026-11-19T03:00:00Z';
  const request = (timestamp: string, context: Record<string, unknown> = {}) => ({
    principal: { id: 'user-1', type: 'USER', attributes: { department: 'engineering' } },
    resource: { type: 'database', identifier: 'prod-db-orders' },
    action: 'read',
    context: { ip_address: '10.0.0.1', timestamp, risk_score: 30, device_trusted: true, mfa_verified: true, ...context },
  });

  before(async () => {
    t = await startTestApp();
    token = await accessToken(t.app, await registerClient(t.app, ['read:policies', 'write:policies']));
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/policies',
      headers: { authorization: `Bearer ${token}` },
      payload: samplePolicy({ status: 'draft' }),
    });
    policyId = created.json().id;
  });
  after(async () => t.close());

  const simulate = (id: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: `/v1/policies/${id}/simulate`, headers: { authorization: `Bearer ${token}` }, payload: payload as object });

  it('answers the spec simulation response for a draft policy: allow, the matched rule and readable conditions', async () => {
    const response = await simulate(policyId, request(officeHours));
    expect(response.statusCode, response.body).to.equal(200);
    const body = response.json();
    expectSchema('simulation-response', body);
    expect(body.decision).to.equal('allow');
    expect(body.matched_rules).to.have.length(1);
    expect(body.matched_rules[0]).to.include({ rule_index: 0, effect: 'allow' });
    expect(body.matched_rules[0].conditions_met.join(' | ')).to.include('risk_score 30 < 50');
    expect(Number.isInteger(body.evaluation_time_ms)).to.equal(true);
    expect(body.explanation).to.be.a('string').and.not.empty;
  });

  it('denies outside the time window and explains why', async () => {
    const body = (await simulate(policyId, request(night))).json();
    expect(body.decision).to.equal('deny');
    expect(body.matched_rules).to.deep.equal([]);
    expect(body.explanation).to.match(/deny|denied/i);
  });

  it('fails closed when the request lacks a value a condition needs', async () => {
    const payload = request(officeHours);
    delete (payload.context as Record<string, unknown>).risk_score;
    const body = (await simulate(policyId, payload)).json();
    expect(body.decision).to.equal('deny');
    expect(JSON.stringify(body.reasons ?? body.explanation)).to.include('risk_score');
  });

  it('simulates a policy body that is not stored, with the same answer', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/policies/simulate',
      headers: { authorization: `Bearer ${token}` },
      payload: { policy: samplePolicy(), request: request(officeHours) },
    });
    expect(response.statusCode, response.body).to.equal(200);
    expect(response.json().decision).to.equal('allow');
    expect(response.json().matched_rules[0].rule_index).to.equal(0);
  });

  it('validates the inline policy as on create (400 naming the field)', async () => {
    const policy = samplePolicy() as any;
    policy.rules[0].conditions[0].value.timezone = 'Nowhere/Land';
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/policies/simulate',
      headers: { authorization: `Bearer ${token}` },
      payload: { policy, request: request(officeHours) },
    });
    expect(response.statusCode).to.equal(400);
    expect(response.json().errors[0].pointer).to.equal('/policy/rules/0/conditions/0/value/timezone');
  });

  it('refuses a request without an action (400)', async () => {
    const { action: _a, ...payload } = request(officeHours);
    const response = await simulate(policyId, payload);
    expect(response.statusCode).to.equal(400);
    expect(response.json().errors[0].pointer).to.equal('/action');
  });

  it('answers 404 for an unknown policy', async () => {
    expect((await simulate('nope', request(officeHours))).statusCode).to.equal(404);
  });
});
