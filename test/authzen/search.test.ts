import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import fc from 'fast-check';
import type { PolicyRule } from '../../core/src/index.js';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { expectSchema } from '../helpers/schemas.js';
import { samplePolicy } from '../policies/fixtures.js';

/**
 * OpenID AuthZEN Authorization API 1.0, search part: subject and action searches answer exactly
 * what the evaluation endpoint answers true, across pages; resource search is refused with a
 * pointer to query plans; hostile pages are 400s.
 */
describe('AuthZEN search API', function () {
  this.timeout(600_000);
  let t: TestApp;
  let admin: string;
  let evaluator: string;
  let auditor: string;
  const departments = ['eng', 'sales', 'ops', 'legal'];
  const actionUniverse = ['read', 'write', 'share', '*', 'never-named'];
  /** Active users, in byte order of id: the candidates of a subject search for `user`. */
  let activeUsers: string[] = [];
  let disabledUser = '';
  let activePolicyIds: string[] = [];

  before(async () => {
    t = await startTestApp({ config: { rateLimitBulk: 1_000_000, rateLimitDecision: 1_000_000 } });
    admin = await accessToken(t.app, await registerClient(t.app, ['admin:all']));
    evaluator = await accessToken(t.app, await registerClient(t.app, ['evaluate:decisions']));
    auditor = await accessToken(t.app, await registerClient(t.app, ['read:audit']));
    // 1,200 stored principals in one insert: 1,080 users in four departments (beyond the 1,000 candidates
    // one page decides, maxCandidatesPerPage), some services, one disabled user.
    const rows = Array.from({ length: 1200 }, (_, index) => ({
      id: randomUUID(),
      kind: index % 10 === 9 ? 'service' : 'user',
      name: `p-${index}`,
      attributes: JSON.stringify({ department: departments[index % 4]!, level: index % 7 }),
      status: index === 5 ? 'disabled' : 'active',
    }));
    await t.app.db.batchInsert('principals', rows, 500);
    activeUsers = rows
      .filter((row) => row.kind === 'user' && row.status === 'active')
      .map((row) => row.id)
      .sort(byteOrder);
    disabledUser = rows[5]!.id;
  });
  after(async () => t.close());

  const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const post = (url: string, payload: unknown, token: string | null = evaluator) =>
    t.app.inject({ method: 'POST', url, headers: token === null ? {} : { authorization: `Bearer ${token}` }, payload: payload as object });

  async function replacePolicies(rules: PolicyRule[][]): Promise<void> {
    for (const id of activePolicyIds) {
      const response = await t.app.inject({ method: 'DELETE', url: `/v1/policies/${id}`, headers: { authorization: `Bearer ${admin}` } });
      expect(response.statusCode, response.body).to.be.oneOf([200, 204]);
    }
    activePolicyIds = [];
    for (const [index, policyRules] of rules.entries()) {
      const response = await post('/v1/policies', samplePolicy({ name: `search-${randomUUID().slice(0, 8)}-${index}`, rules: policyRules }), admin);
      expect(response.statusCode, response.body).to.equal(201);
      activePolicyIds.push(response.json().id);
    }
  }

  /** Every page of a subject search, checking each page's shape and bound on the way. */
  async function walkSubjects(query: Record<string, unknown>, limit: number): Promise<{ ids: string[]; pages: number }> {
    const ids: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const response = await post('/access/v1/search/subject', { ...query, page: { limit, ...(token ? { token } : {}) } });
      expect(response.statusCode, response.body).to.equal(200);
      const body = response.json();
      expectSchema('authzen-search-subject-response', body);
      expect(body.results.length).to.be.at.most(limit).and.to.equal(body.page.count);
      ids.push(...body.results.map((subject: { id: string; type: string }) => subject.id));
      token = body.page.next_token;
      pages += 1;
    } while (token !== '');
    return { ids, pages };
  }

  /** The ids among `ids` that POST /access/v1/evaluation answers true for (sent 100 at a time through /evaluations, the same decision each). */
  async function allowedByEvaluation(ids: string[], query: Record<string, unknown>): Promise<string[]> {
    const allowed: string[] = [];
    for (let start = 0; start < ids.length; start += 100) {
      const chunk = ids.slice(start, start + 100);
      const response = await post('/access/v1/evaluations', {
        ...query,
        evaluations: chunk.map((id) => ({ subject: { type: 'user', id } })),
      });
      expect(response.statusCode, response.body).to.equal(200);
      response.json().evaluations.forEach((answer: { decision: boolean }, index: number) => answer.decision && allowed.push(chunk[index]!));
    }
    return allowed;
  }

  const ruleArbitrary: fc.Arbitrary<PolicyRule> = fc.record({
    effect: fc.constantFrom('allow', 'allow', 'deny'),
    principals: fc.record(
      { type: fc.constantFrom('USER', 'USER', 'SERVICE'), attributes: fc.record({ department: fc.subarray(departments, { minLength: 1 }) }) },
      { requiredKeys: ['type'] },
    ),
    resources: fc.record({ type: fc.constant('doc'), identifiers: fc.subarray(['doc-1', 'doc-*', '*', 'other'], { minLength: 1 }) }),
    actions: fc.subarray(['read', 'write', 'share', '*'], { minLength: 1 }),
    conditions: fc.constantFrom([], [{ type: 'risk_score', operator: 'less_than', value: 50 }]),
  }) as fc.Arbitrary<PolicyRule>;
  const policiesArbitrary = fc.array(fc.array(ruleArbitrary, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 });

  it('subject search returns exactly the stored users that /access/v1/evaluation allows, in id order, across pages of any limit', async () => {
    await fc.assert(
      fc.asyncProperty(
        policiesArbitrary,
        fc.constantFrom('read', 'write', 'share', '*', 'never-named'),
        fc.constantFrom('doc-1', 'doc-2', 'x'),
        fc.option(fc.constantFrom(10, 90), { nil: undefined }),
        fc.integer({ min: 1, max: 100 }),
        async (rules, action, resourceId, risk, limit) => {
          await replacePolicies(rules);
          const query = {
            action: { name: action },
            resource: { type: 'doc', id: resourceId },
            ...(risk === undefined ? {} : { context: { risk_score: risk } }),
          };
          const walked = await walkSubjects({ subject: { type: 'user' }, ...query }, limit);
          const expected = await allowedByEvaluation(activeUsers, query);
          expect(walked.ids).to.deep.equal(expected);
          expect(walked.ids).to.not.include(disabledUser);
        },
      ),
      { numRuns: 5 },
    );
  });

  it('action search returns exactly the actions /access/v1/evaluation allows, never one no rule names, across pages', async () => {
    await fc.assert(
      fc.asyncProperty(
        policiesArbitrary,
        fc.constantFrom(...activeUsers.slice(0, 40)),
        fc.constantFrom('doc-1', 'doc-2', 'x'),
        fc.integer({ min: 1, max: 3 }),
        async (rules, userId, resourceId, limit) => {
          await replacePolicies(rules);
          const subject = { type: 'user', id: userId };
          const resource = { type: 'doc', id: resourceId };
          const names: string[] = [];
          let token = '';
          do {
            const response = await post('/access/v1/search/action', { subject, resource, page: { limit, ...(token ? { token } : {}) } });
            expect(response.statusCode, response.body).to.equal(200);
            expectSchema('authzen-search-action-response', response.json());
            names.push(...response.json().results.map((action: { name: string }) => action.name));
            token = response.json().page.next_token;
          } while (token !== '');
          const expected: string[] = [];
          for (const name of [...actionUniverse].sort(byteOrder)) {
            const response = await post('/access/v1/evaluation', { subject, action: { name }, resource });
            if (response.json().decision === true) expected.push(name);
          }
          expect(names).to.deep.equal(expected);
        },
      ),
      { numRuns: 8 },
    );
  });

  it('records each decision a search makes, as an evaluation is recorded', async () => {
    await replacePolicies([[{ effect: 'allow', principals: { type: 'USER' }, resources: { type: 'doc', identifiers: ['audited'] }, actions: ['read'] }]]);
    const response = await post('/access/v1/search/subject', {
      subject: { type: 'user' },
      action: { name: 'read' },
      resource: { type: 'doc', id: 'audited' },
      page: { limit: 1 },
    });
    const [first] = response.json().results as { id: string }[];
    const records = await t.app.inject({
      method: 'GET',
      url: `/v1/decisions?principal_id=${first!.id}&resource_type=doc&action=read`,
      headers: { authorization: `Bearer ${auditor}` },
    });
    expect(records.statusCode, records.body).to.equal(200);
    const recorded = records.json().data as { decision: string; request: { resource: { identifier: string } } }[];
    expect(recorded.map((record) => [record.decision, record.request.resource.identifier])).to.deep.include(['allow', 'audited']);
  });

  it('advertises the subject and action search endpoints in its metadata, and not resource search', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/.well-known/authzen-configuration' });
    const metadata = response.json();
    expect(metadata.search_subject_endpoint).to.equal(`${t.config.publicUrl}/access/v1/search/subject`);
    expect(metadata.search_action_endpoint).to.equal(`${t.config.publicUrl}/access/v1/search/action`);
    expect(metadata).to.not.have.property('search_resource_endpoint');
  });

  it('answers resource search 501 resource_search_unsupported, pointing to query plans, after checking scope and body', async () => {
    const valid = { subject: { type: 'user', id: 'alice' }, action: { name: 'read' }, resource: { type: 'doc' } };
    const refused = await post('/access/v1/search/resource', valid);
    expect(refused.statusCode, refused.body).to.equal(501);
    expect(refused.json().code).to.equal('resource_search_unsupported');
    expect(refused.json().detail).to.contain('/v1/decisions/plan');
    expect((await post('/access/v1/search/resource', valid, null)).statusCode).to.equal(401);
    expect((await post('/access/v1/search/resource', { ...valid, resource: { id: 'x' } })).statusCode).to.equal(400);
  });

  it('refuses hostile pages and wrong types with 400 validation_failed, never a 500', async () => {
    const query = { subject: { type: 'user' }, action: { name: 'read' }, resource: { type: 'doc', id: 'doc-1' } };
    await replacePolicies([[{ effect: 'allow', principals: { type: 'USER' }, resources: { type: 'doc', identifiers: ['*'] }, actions: ['read', 'write'] }]]);
    const first = (await post('/access/v1/search/subject', { ...query, page: { limit: 2 } })).json();
    const actionToken = (
      await post('/access/v1/search/action', { subject: { type: 'user', id: activeUsers[0] }, resource: { type: 'doc', id: 'doc-1' }, page: { limit: 1 } })
    ).json().page.next_token as string;
    expect(first.page.next_token).to.be.a('string').and.not.equal('');
    expect(actionToken).to.be.a('string').and.not.equal('');
    const decoded = Buffer.from(first.page.next_token, 'base64url').toString('utf8');
    const hostile: unknown[] = [
      { ...query, page: { token: 'not a token' } },
      { ...query, page: { token: '' } },
      { ...query, page: { token: Buffer.from('v2|x|y').toString('base64url') } },
      { ...query, page: { token: Buffer.from(decoded.replace(/^v1\|.{22}/, 'v1|AAAAAAAAAAAAAAAAAAAAAA')).toString('base64url') } },
      { ...query, page: { token: actionToken } },
      { ...query, action: { name: 'write' }, page: { token: first.page.next_token } },
      { ...query, page: { token: 'x'.repeat(1001) } },
      { ...query, page: { token: 42 } },
      { ...query, page: { limit: 0 } },
      { ...query, page: { limit: 101 } },
      { ...query, page: { limit: 1e12 } },
      { ...query, page: { limit: '10' } },
      { ...query, page: { limit: 2.5 } },
      { ...query, page: [] },
      { ...query, subject: { type: 7 } },
      { ...query, subject: {} },
      { subject: { type: 'user' }, resource: { type: 'doc', id: 'doc-1' } },
    ];
    const answers = await Promise.all(hostile.map((payload) => post('/access/v1/search/subject', payload)));
    for (const [index, answer] of answers.entries()) {
      expect(answer.statusCode, `${index}: ${answer.body}`).to.equal(400);
      expect(answer.json().code, `${index}`).to.equal('validation_failed');
    }
    // A NUL in this query's own token (base64url, so the input boundary cannot see it) is refused at
    // /page/token, before the principals' query: PostgreSQL would refuse it.
    const withNul = Buffer.from(decoded.replace(/\|[^|]*$/, '|a\u0000b')).toString('base64url');
    const nul = await post('/access/v1/search/subject', { ...query, page: { token: withNul } });
    expect(nul.statusCode, nul.body).to.equal(400);
    expect(nul.json().errors, nul.body).to.deep.equal([
      { pointer: '/page/token', in: 'body', detail: 'is not a page token of this API: send page.next_token as it came' },
    ]);
    // A token whose position was changed only starts the walk elsewhere: still exact decisions, never an error.
    const moved = Buffer.from(decoded.replace(/\|[^|]*$/, '|zzzz')).toString('base64url');
    const fromElsewhere = await post('/access/v1/search/subject', { ...query, page: { token: moved } });
    expect(fromElsewhere.statusCode, fromElsewhere.body).to.equal(200);
    expect(fromElsewhere.json().results).to.deep.equal([]);
    const actionHostile = await post('/access/v1/search/action', {
      subject: { type: 'user', id: 'a' },
      resource: { type: 'doc', id: 'doc-1' },
      page: { token: first.page.next_token },
    });
    expect(actionHostile.statusCode).to.equal(400);
  });

  it('parallel page walks while principals are created and deleted: no duplicates, id order, every principal active throughout that is allowed', async () => {
    await replacePolicies([
      [
        {
          effect: 'allow',
          principals: { type: 'USER', attributes: { department: ['eng', 'ops'] } },
          resources: { type: 'doc', identifiers: ['*'] },
          actions: ['read'],
        },
      ],
    ]);
    const query = { subject: { type: 'user' }, action: { name: 'read' }, resource: { type: 'doc', id: 'doc-1' } };
    const before = await allowedByEvaluation(activeUsers, { action: query.action, resource: query.resource });
    const toDelete = before.filter((_, index) => index % 17 === 0);
    const churn = async () => {
      const created: string[] = [];
      for (let index = 0; index < 20; index += 1) {
        const response = await post('/v1/principals', { kind: 'user', name: `churn-${index}`, attributes: { department: 'eng' } }, admin);
        expect(response.statusCode, response.body).to.equal(201);
        created.push(response.json().id);
        const gone = toDelete[index];
        if (gone)
          expect(
            (await t.app.inject({ method: 'DELETE', url: `/v1/principals/${gone}`, headers: { authorization: `Bearer ${admin}` } })).statusCode,
          ).to.be.oneOf([200, 204]);
      }
      return created;
    };
    const [walks, created] = await Promise.all([Promise.all([walkSubjects(query, 37), walkSubjects(query, 100), walkSubjects(query, 5)]), churn()]);
    const untouched = before.filter((id) => !toDelete.includes(id));
    const possible = new Set([...before, ...created]);
    for (const walk of walks) {
      expect(new Set(walk.ids).size, 'no duplicates').to.equal(walk.ids.length);
      expect(walk.ids, 'id order').to.deep.equal([...walk.ids].sort(byteOrder));
      expect(walk.ids.filter((id) => untouched.includes(id))).to.deep.equal(untouched);
      expect(walk.ids.every((id) => possible.has(id))).to.equal(true);
    }
    // After the churn, a walk answers the principals as they now are, exactly.
    activeUsers = (await t.app.db('principals').where({ kind: 'user', status: 'active' }).select('id')).map((row: { id: string }) => row.id).sort(byteOrder);
    const after = await walkSubjects(query, 100);
    expect(after.ids).to.deep.equal(await allowedByEvaluation(activeUsers, { action: query.action, resource: query.resource }));
  });
});
