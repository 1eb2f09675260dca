import { expect } from 'chai';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { bearer, forgeAccessToken } from '../helpers/credentials.js';
import { samplePolicy } from '../policies/fixtures.js';

/**
 * Policies reading the delegation (docs/policy-language.md, "Delegation"): the verified chain of
 * the caller's token (an `act` claim, RFC 8693 section 4.1, signed here with the server's own key
 * as the token exchange would), an application's asserted chain, and none.
 */
describe('Decisions: policies read the delegation, verified from the token or asserted by an application', () => {
  let t: TestApp;
  let admin: string;
  let application: string;
  let agentId: string;
  let aliceId: string;

  const agentRule = samplePolicy({
    name: 'agents-one-hop',
    rules: [
      {
        effect: 'allow',
        principals: { type: 'AGENT' },
        resources: { type: 'document', identifiers: ['*'] },
        actions: ['read'],
        conditions: [
          { type: 'attribute', operator: 'less_than_or_equal', value: { attribute: 'context.delegation.depth', to: 1 } },
          { type: 'attribute', operator: 'equals', value: { attribute: 'context.delegation.verified', to: true } },
          { type: 'attribute', operator: 'contains', value: { attribute: 'context.delegation.actor_types', to: 'AGENT' } },
        ],
      },
      {
        effect: 'allow',
        principals: { type: 'AGENT' },
        resources: { type: 'note', identifiers: ['*'] },
        actions: ['read'],
        conditions: [{ type: 'attribute', operator: 'equals', value: { attribute: 'context.delegation.verified', to: false } }],
      },
    ],
  });

  const createPrincipal = async (kind: string, name: string): Promise<string> => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/principals', headers: bearer(admin), payload: { kind, name } });
    expect(response.statusCode, response.body).to.equal(201);
    return response.json().id;
  };

  /** A token for alice that the agent holds: sub alice, act the agent (as the token exchange signs it). */
  const delegatedToken = (act: object) =>
    forgeAccessToken(t.app, { claims: { sub: aliceId, client_id: 'agent-client', scope: 'evaluate:decisions read:audit', act } });

  const evaluate = (token: string, context?: object, resourceType = 'document') =>
    t.app.inject({
      method: 'POST',
      url: '/v1/decisions/evaluate',
      headers: bearer(token),
      payload: {
        principal: { id: agentId, type: 'AGENT' },
        resource: { type: resourceType, identifier: 'd-1' },
        action: 'read',
        ...(context ? { context } : {}),
      },
    });

  before(async () => {
    t = await startTestApp();
    admin = await accessToken(t.app, await registerClient(t.app, ['admin:all']));
    application = await accessToken(t.app, await registerClient(t.app, ['evaluate:decisions']));
    agentId = await createPrincipal('agent', 'agent-x');
    aliceId = await createPrincipal('user', 'alice');
    const created = await t.app.inject({ method: 'POST', url: '/v1/policies', headers: bearer(admin), payload: agentRule });
    expect(created.statusCode, created.body).to.equal(201);
  });
  after(async () => t.close());

  it("allows an agent one hop from a person over its token's verified chain, and records the chain with the decision", async () => {
    const response = await evaluate(await delegatedToken({ sub: agentId, client_id: 'agent-client' }));
    expect(response.statusCode, response.body).to.equal(200);
    expect(response.json().decision).to.equal('allow');
    const record = await t.app.inject({ method: 'GET', url: `/v1/decisions/${response.json().id}`, headers: bearer(admin) });
    expect(record.json().request.context.delegation).to.deep.equal({ subject: aliceId, actors: [agentId], actor_types: ['AGENT'], depth: 1, verified: true });
  });

  it('denies two hops, the nearest actor first', async () => {
    const response = await evaluate(await delegatedToken({ sub: agentId, act: { sub: 'planner-agent' } }));
    expect(response.json().decision).to.equal('deny');
    const record = await t.app.inject({ method: 'GET', url: `/v1/decisions/${response.json().id}`, headers: bearer(admin) });
    // planner-agent is no stored principal: the actors' types are unknown, not guessed.
    expect(record.json().request.context.delegation).to.deep.equal({ subject: aliceId, actors: [agentId, 'planner-agent'], depth: 2, verified: true });
  });

  it('leaves the allow unknown without a delegation, so it does not apply', async () => {
    const response = await evaluate(application);
    expect(response.json().decision).to.equal('deny');
  });

  it("records an application's forwarded chain as asserted, its depth the number of actors, and never lets it pass for verified", async () => {
    const asserted = { subject: aliceId, actors: [agentId], actor_types: ['AGENT'], depth: 0 };
    const [verifiedOnly, assertedOnly] = await Promise.all([
      evaluate(application, { delegation: asserted }),
      evaluate(application, { delegation: asserted }, 'note'),
    ]);
    expect(verifiedOnly.json().decision).to.equal('deny');
    expect(assertedOnly.json().decision).to.equal('allow');
    const record = await t.app.inject({ method: 'GET', url: `/v1/decisions/${assertedOnly.json().id}`, headers: bearer(admin) });
    expect(record.json().request.context.delegation).to.deep.equal({ ...asserted, depth: 1, verified: false });
  });

  it('refuses a request that claims its own chain is verified', async () => {
    const response = await evaluate(application, { delegation: { subject: aliceId, actors: [agentId], verified: true } });
    expect(response.statusCode).to.equal(400);
    expect(response.json().errors[0].pointer).to.equal('/context/delegation/verified');
  });

  it("replaces an asserted chain by the token's verified one", async () => {
    const token = await delegatedToken({ sub: agentId });
    const response = await evaluate(token, { delegation: { subject: 'mallory', actors: ['someone-else'], actor_types: ['USER'] } });
    expect(response.json().decision).to.equal('allow');
    const record = await t.app.inject({ method: 'GET', url: `/v1/decisions/${response.json().id}`, headers: bearer(admin) });
    expect(record.json().request.context.delegation).to.deep.equal({ subject: aliceId, actors: [agentId], actor_types: ['AGENT'], depth: 1, verified: true });
  });

  it('refuses a delegation of the wrong shape at the schema (an object as an actor, an unknown field)', async () => {
    for (const delegation of [{ actors: [{ id: 'x' }] }, { hops: 1 }, { actors: Array.from({ length: 11 }, (_, i) => `a${i}`) }]) {
      const response = await evaluate(application, { delegation });
      expect(response.statusCode, JSON.stringify(delegation)).to.equal(400);
    }
  });
});
