import { expect } from 'chai';
import type { FastifyInstance } from 'fastify';
import { registerClient as registerAdminClient, systemContext } from '../../server/src/admin/index.js';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { createApiToken } from '../helpers/credentials.js';
import { expectSchema } from '../helpers/schemas.js';
import { samplePolicy } from './fixtures.js';

const policyScopes = ['read:policies', 'write:policies', 'delete:policies'];

/**
 * Issue #34, finding 3: a policy's owner (metadata.managed_by) is a server rule. A client bound
 * to owners writes only their policies, in single routes and change sets; admin:all takes one
 * over, recorded as policy.taken_over; an unbound client behaves as before bindings existed.
 */
describe('Policy ownership: clients bound to owners', () => {
  let t: TestApp;
  let app: FastifyInstance;
  const tokens: Record<'payments' | 'identity' | 'unbound' | 'admin', string> = { payments: '', identity: '', unbound: '', admin: '' };
  const subjects: Record<string, string> = {};

  async function boundClient(owner: string, scopes = policyScopes): Promise<string> {
    const { client, secret } = await registerAdminClient(app, systemContext('test', 'cli'), {
      name: `${owner}-ci`,
      clientType: 'confidential',
      grantTypes: ['client_credentials'],
      redirectUris: [],
      scopes,
      owners: [owner],
      createdBy: 'test',
    });
    subjects[owner] = client.client_id;
    return accessToken(app, { clientId: client.client_id, clientSecret: secret! });
  }

  before(async () => {
    t = await startTestApp();
    app = t.app;
    tokens.payments = await boundClient('payments');
    tokens.identity = await boundClient('identity');
    tokens.unbound = await accessToken(app, await registerClient(app, policyScopes));
    tokens.admin = await accessToken(app, await registerClient(app, ['admin:all']));
  });
  after(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  let counter = 0;
  const uniqueName = (prefix: string) => `${prefix}-${(counter += 1)}`;

  async function create(
    token: string,
    name: string,
    metadata?: Record<string, unknown>,
  ): Promise<{ id: string; name: string; version: number; metadata: Record<string, unknown> }> {
    const { metadata: _sample, ...policy } = samplePolicy({ name });
    const response = await call('POST', '/v1/policies', token, metadata ? { ...policy, metadata } : policy);
    expect(response.statusCode, response.body).to.equal(201);
    return response.json();
  }

  const update = (token: string, policy: { id: string; name: string }, metadata?: Record<string, unknown>) =>
    call('PUT', `/v1/policies/${policy.id}`, token, {
      name: policy.name,
      rules: samplePolicy().rules,
      description: 'changed',
      ...(metadata ? { metadata } : {}),
    });

  const versionOf = async (id: string): Promise<number> => (await call('GET', `/v1/policies/${id}`, tokens.admin)).json().version;

  function expectOwnedElsewhere(response: { statusCode: number; body: string; json(): any }, owner: string): void {
    expect(response.statusCode, response.body).to.equal(403);
    const body = response.json();
    expectSchema('problem', body);
    expect(body.code).to.equal('policy_owned_elsewhere');
    expect(body.detail).to.include(`"${owner}"`);
    expect(body.errors.map((error: { owner: string }) => error.owner)).to.include(owner);
  }

  it("labels a bound client's new policy with its owner", async () => {
    const policy = await create(tokens.payments, uniqueName('payments-new'));
    expect(policy.metadata.managed_by).to.equal('payments');
  });

  it("refuses a bound client's update, delete, rollback and restore of another owner's policy (403 naming the owner), changing nothing", async () => {
    const breakGlass = await create(tokens.identity, uniqueName('break-glass'));
    expect((await update(tokens.identity, breakGlass)).statusCode).to.equal(200);
    expectOwnedElsewhere(await update(tokens.payments, breakGlass, { managed_by: 'payments' }), 'identity');
    expectOwnedElsewhere(await call('DELETE', `/v1/policies/${breakGlass.id}`, tokens.payments), 'identity');
    expectOwnedElsewhere(await call('POST', `/v1/policies/${breakGlass.id}/rollback`, tokens.payments, { version: 1 }), 'identity');
    expect((await call('DELETE', `/v1/policies/${breakGlass.id}`, tokens.identity)).statusCode).to.equal(200);
    expectOwnedElsewhere(await call('POST', `/v1/policies/${breakGlass.id}/restore`, tokens.payments), 'identity');
    const after = (await call('GET', `/v1/policies/${breakGlass.id}`, tokens.admin)).json();
    expect(after).to.include({ status: 'deleted', version: 2 });
  });

  it("keeps a policy's own label when a client bound to several owners updates it without one", async () => {
    const both = await registerAdminClient(app, systemContext('test', 'cli'), {
      name: 'platform-ci',
      clientType: 'confidential',
      grantTypes: ['client_credentials'],
      redirectUris: [],
      scopes: policyScopes,
      owners: ['payments', 'identity'],
      createdBy: 'test',
    });
    const token = await accessToken(app, { clientId: both.client.client_id, clientSecret: both.secret! });
    const policy = await create(tokens.identity, uniqueName('identity-shared'));
    const response = await update(token, policy, { owner: 'someone' });
    expect(response.statusCode, response.body).to.equal(200);
    expect((await call('GET', `/v1/policies/${policy.id}`, tokens.admin)).json().metadata).to.deep.equal({ owner: 'someone', managed_by: 'identity' });
    expect(await app.db('audit_events').where({ type: 'policy.taken_over', target_id: policy.id }).first()).to.equal(undefined);
  });

  it('refuses a bound client a new policy labelled with another owner', async () => {
    const { metadata: _m, ...policy } = samplePolicy({ name: uniqueName('forged-label') });
    expectOwnedElsewhere(await call('POST', '/v1/policies', tokens.payments, { ...policy, metadata: { managed_by: 'identity' } }), 'identity');
  });

  it("refuses a whole change set that writes another owner's policy, naming that change, and applies none of it", async () => {
    const own = await create(tokens.payments, uniqueName('payments-own'));
    const theirs = await create(tokens.identity, uniqueName('identity-theirs'));
    const response = await call('POST', '/v1/policy-sets', tokens.payments, {
      changes: [
        { action: 'update', id: own.id, if_match: 1, policy: { name: own.name, rules: samplePolicy().rules } },
        { action: 'delete', id: theirs.id, if_match: 1 },
      ],
    });
    expectOwnedElsewhere(response, 'identity');
    expect(response.json().errors).to.have.length(1);
    expect(response.json().errors[0]).to.include({ pointer: '/changes/1', code: 'owned_elsewhere', owner: 'identity' });
    expect([await versionOf(own.id), await versionOf(theirs.id)]).to.deep.equal([1, 1]);
    expect((await call('GET', `/v1/policies/${theirs.id}`, tokens.admin)).json().status).to.equal('active');
  });

  it("holds an API token a bound client made to that client's owners", async () => {
    const maker = await boundClient('payments-admins', ['admin:all']);
    const { token } = await createApiToken(app, maker, { name: 'payments-deployer', scopes: policyScopes });
    const theirs = await create(tokens.identity, uniqueName('identity-vs-api-token'));
    expectOwnedElsewhere(await call('DELETE', `/v1/policies/${theirs.id}`, token), 'identity');
    expect((await create(token, uniqueName('api-token-own'))).metadata.managed_by).to.equal('payments-admins');
  });

  it('lets an unbound client write any policy, as before bindings existed', async () => {
    const theirs = await create(tokens.identity, uniqueName('identity-legacy'));
    expect((await update(tokens.unbound, theirs)).statusCode).to.equal(200);
    expect((await call('DELETE', `/v1/policies/${theirs.id}`, tokens.unbound)).statusCode).to.equal(200);
  });

  it('lets admin:all take a policy over, recorded as policy.taken_over; the old owner is then refused', async () => {
    const policy = await create(tokens.identity, uniqueName('taken-over'));
    const response = await update(tokens.admin, policy, { managed_by: 'payments' });
    expect(response.statusCode, response.body).to.equal(200);
    const event = await app.db('audit_events').where({ type: 'policy.taken_over', target_id: policy.id }).first();
    expect(event?.data).to.deep.include({ from: 'identity', to: 'payments', version: 2 });
    expectOwnedElsewhere(await update(tokens.identity, policy), 'payments');
    expect((await update(tokens.payments, policy)).statusCode).to.equal(200);
  });

  it("two teams' clients writing each other's policies in parallel each change only their own", async () => {
    const payments = await create(tokens.payments, uniqueName('parallel-payments'));
    const identity = await create(tokens.identity, uniqueName('parallel-identity'));
    const attempts = Array.from({ length: 6 }, () => [
      update(tokens.payments, payments),
      update(tokens.payments, identity),
      update(tokens.identity, identity),
      update(tokens.identity, payments),
    ]).flat();
    const statuses = (await Promise.all(attempts)).map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).to.have.length(12);
    expect(statuses.filter((status) => status === 403)).to.have.length(12);
    const writers = async (id: string) => new Set((await app.db('policy_versions').where({ policy_id: id }).pluck('created_by')) as string[]);
    expect([...(await writers(payments.id))]).to.deep.equal([subjects.payments]);
    expect([...(await writers(identity.id))]).to.deep.equal([subjects.identity]);
    expect([await versionOf(payments.id), await versionOf(identity.id)]).to.deep.equal([7, 7]);
  });

  it("a takeover racing the old owner's writes: none of the old owner's writes lands after the takeover", async () => {
    const policy = await create(tokens.identity, uniqueName('race'));
    const writes = Array.from({ length: 8 }, () => update(tokens.identity, policy));
    const takeover = update(tokens.admin, policy, { managed_by: 'payments' });
    const answers = await Promise.all([...writes, takeover]);
    expect(answers.map((answer) => answer.statusCode).filter((status) => status !== 200 && status !== 403)).to.deep.equal([]);
    expect((await takeover).statusCode).to.equal(200);
    const takenAt = (await takeover).json().version as number;
    const later = await app.db('policy_versions').where({ policy_id: policy.id }).andWhere('version', '>', takenAt).pluck('created_by');
    expect(later).to.deep.equal([]);
    const refused = answers.filter((answer) => answer.statusCode === 403).length;
    expect(await versionOf(policy.id)).to.equal(1 + 8 - refused + 1);
  });
});
