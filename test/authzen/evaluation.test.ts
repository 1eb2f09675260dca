import { expect } from 'chai';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { expectSchema } from '../helpers/schemas.js';
import { samplePolicy } from '../policies/fixtures.js';

/**
 * OpenID AuthZEN Authorization API 1.0, evaluation part: the spec's own examples (Access
 * Evaluation Request, Default values, Evaluations semantics), answered from acctl's policies and
 * recorded as POST /v1/decisions/evaluate records them.
 */
describe('AuthZEN evaluation API', () => {
  let t: TestApp;
  let admin: string;
  let evaluator: string;
  let auditor: string;

  const policies = [
    // The spec's example request: alice reads account 123.
    samplePolicy({
      name: 'accounts',
      rules: [{ effect: 'allow', principals: { type: 'USER' }, resources: { type: 'account', identifiers: ['123'] }, actions: ['can_read'] }],
    }),
    // The spec's boxcarring examples read three documents; its semantics example allows 1 and 3, not 2.
    samplePolicy({
      name: 'documents',
      rules: [
        {
          effect: 'allow',
          principals: { type: 'USER' },
          resources: { type: 'document', identifiers: ['boxcarring.md', 'subject-search.md', 'resource-search.md', 'plan.md', '1', '3'] },
          actions: ['can_read', 'read'],
        },
        {
          effect: 'deny',
          principals: { type: 'USER', attributes: { department: ['contractors'] } },
          resources: { type: 'document', identifiers: ['plan.md'] },
          actions: ['can_read'],
        },
      ],
    }),
    samplePolicy({
      name: 'databases',
      rules: [
        {
          effect: 'allow',
          principals: { type: 'USER', attributes: { department: ['engineering'] } },
          resources: { type: 'database', identifiers: ['prod-*'] },
          actions: ['read'],
          conditions: [{ type: 'risk_score', operator: 'less_than', value: 50 }],
        },
      ],
    }),
  ];

  before(async () => {
    t = await startTestApp();
    admin = await accessToken(t.app, await registerClient(t.app, ['admin:all']));
    evaluator = await accessToken(t.app, await registerClient(t.app, ['evaluate:decisions']));
    auditor = await accessToken(t.app, await registerClient(t.app, ['read:audit']));
    for (const policy of policies) {
      const response = await t.app.inject({ method: 'POST', url: '/v1/policies', headers: { authorization: `Bearer ${admin}` }, payload: policy });
      expect(response.statusCode, response.body).to.equal(201);
    }
  });
  after(async () => t.close());

  const post = (url: string, payload: unknown, token: string | null = evaluator) =>
    t.app.inject({ method: 'POST', url, headers: token === null ? {} : { authorization: `Bearer ${token}` }, payload: payload as object });
  const evaluation = (payload: unknown, token?: string | null) => post('/access/v1/evaluation', payload, token);
  const evaluations = (payload: unknown, token?: string | null) => post('/access/v1/evaluations', payload, token);
  const decisionsOf = async (principalId: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/v1/decisions?principal_id=${encodeURIComponent(principalId)}`,
        headers: { authorization: `Bearer ${auditor}` },
      })
    ).json().data as { result: { id: string }; request: { resource: { identifier: string } } }[];

  it("answers the spec's example Access Evaluation Request with a boolean decision and records it as a decision", async () => {
    const response = await evaluation({
      subject: { type: 'user', id: 'alice@acmecorp.com' },
      resource: { type: 'account', id: '123' },
      action: { name: 'can_read', properties: { method: 'GET' } },
      context: { time: '1985-10-26T01:22-07:00' },
    });
    expect(response.statusCode, response.body).to.equal(200);
    const body = response.json();
    expectSchema('authzen-evaluation-response', body);
    expect(body.decision).to.equal(true);
    expect(body.context.detail).to.equal('summary');

    const record = await t.app.inject({ method: 'GET', url: `/v1/decisions/${body.context.id}`, headers: { authorization: `Bearer ${auditor}` } });
    expect(record.statusCode, record.body).to.equal(200);
    expect(record.json().request).to.deep.equal({
      principal: { id: 'alice@acmecorp.com', type: 'USER' },
      resource: { type: 'account', identifier: '123' },
      action: 'can_read',
      context: { time: '1985-10-26T01:22-07:00' },
    });
    expect(record.json().result.decision).to.equal('allow');
  });

  it('answers false, with status 200, for what no policy allows', async () => {
    const response = await evaluation({
      subject: { type: 'user', id: 'alice@acmecorp.com' },
      resource: { type: 'account', id: '456' },
      action: { name: 'can_read' },
    });
    expect(response.statusCode).to.equal(200);
    expect(response.json()).to.include({ decision: false });
  });

  it("applies the top-level defaults to each item, an item's own member replacing the default (the spec's example)", async () => {
    const response = await evaluations({
      subject: { type: 'user', id: 'alice@acmecorp.com' },
      context: { time: '2024-05-31T15:22-07:00' },
      action: { name: 'can_read' },
      evaluations: [
        { resource: { type: 'document', id: 'boxcarring.md' } },
        { resource: { type: 'document', id: 'subject-search.md' } },
        { action: { name: 'can_edit' }, resource: { type: 'document', id: 'resource-search.md' } },
      ],
    });
    expect(response.statusCode, response.body).to.equal(200);
    const body = response.json();
    expectSchema('authzen-evaluations-response', body);
    expect(body).to.not.have.property('decision');
    expect(body.evaluations.map((answer: { decision: boolean }) => answer.decision)).to.deep.equal([true, true, false]);
  });

  describe("evaluations_semantic (the spec's example: read documents 1, 2 and 3; 2 is denied)", () => {
    const threeDocuments = (subjectId: string, semantic?: string) => ({
      subject: { type: 'user', id: subjectId },
      action: { name: 'read' },
      ...(semantic ? { options: { evaluations_semantic: semantic } } : {}),
      evaluations: ['1', '2', '3'].map((id) => ({ resource: { type: 'document', id } })),
    });
    const run = async (subjectId: string, semantic?: string) => {
      const response = await evaluations(threeDocuments(subjectId, semantic));
      expect(response.statusCode, response.body).to.equal(200);
      const answers = response.json().evaluations as { decision: boolean; context: { id: string } }[];
      const recorded = await decisionsOf(subjectId);
      return { decisions: answers.map((answer) => answer.decision), recorded: recorded.map((record) => record.request.resource.identifier).sort() };
    };

    it('execute_all, the default, evaluates and records every item', async () => {
      expect(await run('semantic-default@example.com')).to.deep.equal({ decisions: [true, false, true], recorded: ['1', '2', '3'] });
      expect(await run('semantic-all@example.com', 'execute_all')).to.deep.equal({ decisions: [true, false, true], recorded: ['1', '2', '3'] });
    });

    it('deny_on_first_deny stops at the first deny: the items after it are neither answered nor recorded', async () => {
      expect(await run('semantic-deny@example.com', 'deny_on_first_deny')).to.deep.equal({ decisions: [true, false], recorded: ['1', '2'] });
    });

    it('permit_on_first_permit stops at the first permit', async () => {
      expect(await run('semantic-permit@example.com', 'permit_on_first_permit')).to.deep.equal({ decisions: [true], recorded: ['1'] });
    });

    it('an unknown semantic is a 400', async () => {
      const response = await evaluations(threeDocuments('semantic-unknown@example.com', 'first_wins'));
      expect(response.statusCode).to.equal(400);
      expect(response.headers['content-type']).to.match(/^application\/problem\+json/);
    });
  });

  it('answers a request without items as the single evaluation of its top-level 4-tuple', async () => {
    const response = await evaluations({
      subject: { type: 'user', id: 'alice@acmecorp.com' },
      resource: { type: 'account', id: '123' },
      action: { name: 'can_read' },
    });
    expect(response.statusCode, response.body).to.equal(200);
    expectSchema('authzen-evaluation-response', response.json());
    expect(response.json().decision).to.equal(true);
  });

  it('decides as POST /v1/decisions/evaluate on the same requests, sent in parallel', async () => {
    const cases = [
      {
        subject: { type: 'user', id: 'eng-1', properties: { department: 'engineering' } },
        resource: { type: 'database', id: 'prod-orders' },
        action: { name: 'read' },
        context: { risk_score: 10 },
      },
      {
        subject: { type: 'user', id: 'eng-2', properties: { department: 'engineering' } },
        resource: { type: 'database', id: 'prod-orders' },
        action: { name: 'read' },
        context: { risk_score: 90 },
      },
      {
        subject: { type: 'user', id: 'sales-1', properties: { department: 'sales' } },
        resource: { type: 'database', id: 'prod-orders' },
        action: { name: 'read' },
      },
      {
        subject: { type: 'USER', id: 'contractor-1', properties: { department: 'contractors' } },
        resource: { type: 'document', id: 'plan.md' },
        action: { name: 'can_read' },
      },
      {
        subject: { type: 'user', id: 'staff-1', properties: { department: 'staff' } },
        resource: { type: 'document', id: 'plan.md' },
        action: { name: 'can_read' },
      },
      { subject: { type: 'service', id: 'svc-1' }, resource: { type: 'document', id: 'plan.md' }, action: { name: 'can_read' } },
    ];
    const native = (tuple: (typeof cases)[number]) => ({
      principal: {
        id: tuple.subject.id,
        type: tuple.subject.type.toUpperCase(),
        ...(tuple.subject.properties ? { attributes: tuple.subject.properties } : {}),
      },
      resource: { type: tuple.resource.type, identifier: tuple.resource.id },
      action: tuple.action.name,
      ...(tuple.context ? { context: tuple.context } : {}),
    });
    const [authzen, ours, batch] = await Promise.all([
      Promise.all(cases.map((tuple) => evaluation(tuple))),
      Promise.all(cases.map((tuple) => post('/v1/decisions/evaluate', native(tuple)))),
      evaluations({ evaluations: cases }),
    ]);
    const expected = ours.map((response) => {
      expect(response.statusCode, response.body).to.equal(200);
      const { decision, matched_rules, policy_versions } = response.json();
      return { decision: decision === 'allow', matched_rules, policy_versions };
    });
    expect(expected.map((one) => one.decision)).to.deep.equal([true, false, false, false, true, false]);
    const answered = (body: { decision: boolean; context: { matched_rules: unknown; policy_versions: unknown } }) => ({
      decision: body.decision,
      matched_rules: body.context.matched_rules,
      policy_versions: body.context.policy_versions,
    });
    expect(authzen.map((response) => answered(response.json()))).to.deep.equal(expected);
    expect(batch.json().evaluations.map(answered)).to.deep.equal(expected);
  });

  it("merges a stored principal's attributes when the subject's id is its id", async () => {
    const created = await post('/v1/principals', { kind: 'user', name: 'authzen-contractor', attributes: { department: 'contractors' } }, admin);
    expect(created.statusCode, created.body).to.equal(201);
    const response = await evaluation({
      subject: { type: 'user', id: created.json().id },
      resource: { type: 'document', id: 'plan.md' },
      action: { name: 'can_read' },
    });
    expect(response.json().decision).to.equal(false);
    // A stored user named as another kind is refused, as POST /v1/decisions/evaluate refuses it, at the subject's type.
    const misnamed = await evaluations({
      action: { name: 'can_read' },
      evaluations: [{ subject: { type: 'service', id: created.json().id }, resource: { type: 'document', id: 'plan.md' } }],
    });
    expect(misnamed.statusCode, misnamed.body).to.equal(400);
    expect(misnamed.json().errors.map((error: { pointer: string }) => error.pointer)).to.deep.equal(['/evaluations/0/subject/type']);
  });

  it('needs a bearer token (401) with evaluate:decisions (403)', async () => {
    const tuple = { subject: { type: 'user', id: 'alice@acmecorp.com' }, resource: { type: 'account', id: '123' }, action: { name: 'can_read' } };
    const anonymous = await evaluation(tuple, null);
    expect(anonymous.statusCode).to.equal(401);
    expect(anonymous.headers['www-authenticate']).to.match(/^Bearer/);
    expect((await evaluations({ evaluations: [tuple] }, null)).statusCode).to.equal(401);
    expect((await evaluation(tuple, auditor)).statusCode).to.equal(403);
    expect((await evaluations({ evaluations: [tuple] }, auditor)).statusCode).to.equal(403);
  });

  it('refuses malformed bodies with a 400 naming the field', async () => {
    const subject = { type: 'user', id: 'alice@acmecorp.com' };
    const resource = { type: 'account', id: '123' };
    const action = { name: 'can_read' };
    const pointersOf = async (response: Awaited<ReturnType<typeof evaluation>>) => {
      expect(response.statusCode, response.body).to.equal(400);
      expect(response.headers['content-type']).to.match(/^application\/problem\+json/);
      return (response.json().errors as { pointer: string }[]).map((error) => error.pointer);
    };
    expect(await pointersOf(await evaluation({ subject: { type: 'user' }, resource, action }))).to.include('/subject/id');
    expect(await pointersOf(await evaluation({ subject, resource, action: 'can_read' }))).to.include('/action');
    expect(await pointersOf(await evaluation({ subject, resource: { type: 'account', id: '123', properties: { nested: { a: 1 } } }, action }))).to.include(
      '/resource/properties/nested',
    );
    expect(await pointersOf(await evaluations({ action, evaluations: [{ resource }] }))).to.deep.equal(['/evaluations/0/subject']);
    expect(await pointersOf(await evaluations({ subject, action }))).to.deep.equal(['/resource']);
    expect((await evaluations({ subject, action, evaluations: Array.from({ length: 101 }, () => ({ resource })) })).statusCode).to.equal(400);
  });

  it('publishes the PDP metadata document at /.well-known/authzen-configuration, without authentication', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/.well-known/authzen-configuration' });
    expect(response.statusCode).to.equal(200);
    expect(response.headers['content-type']).to.match(/^application\/json/);
    const body = response.json();
    expectSchema('authzen-configuration', body);
    expect(body).to.deep.equal({
      policy_decision_point: t.config.publicUrl,
      access_evaluation_endpoint: `${t.config.publicUrl}/access/v1/evaluation`,
      access_evaluations_endpoint: `${t.config.publicUrl}/access/v1/evaluations`,
      // search_resource_endpoint is absent: acctl holds no resources (test/authzen/search.test.ts).
      search_subject_endpoint: `${t.config.publicUrl}/access/v1/search/subject`,
      search_action_endpoint: `${t.config.publicUrl}/access/v1/search/action`,
    });
  });
});
