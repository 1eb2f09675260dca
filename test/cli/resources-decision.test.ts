import { expect } from 'chai';
import type { ApiToken, Decision, DecisionBatchResponse, DecisionPlan, DecisionRecord, PlanRecord, PrincipalList } from '../../core/src/index.js';
import { exitCodes } from '../../kit/src/index.js';
import { findFreePort } from '../../server/src/db/embedded-postgres.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { apiAs, apiCli, serverOrigin } from './resources-support.js';
import { runCli, type CliResult } from './run-cli.js';

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

/** Owners edit their own documents, when the document is not secret (resources.attributes and an attribute condition). */
const ownersPolicy = {
  name: 'documents-owners-edit',
  status: 'active',
  rules: [
    {
      effect: 'allow',
      principals: { type: 'USER' },
      resources: { type: 'document', identifiers: ['*'], attributes: { classification: ['public', 'internal'] } },
      actions: ['edit'],
      conditions: [{ type: 'attribute', operator: 'equals', value: { attribute: 'resource.attributes.owner', to: { attribute: 'principal.id' } } }],
    },
    {
      effect: 'deny',
      principals: { type: 'USER' },
      resources: { type: 'document', identifiers: ['*'] },
      actions: ['edit'],
      conditions: [{ type: 'attribute', operator: 'contains', value: { attribute: 'resource.attributes.tags', to: 'frozen' } }],
    },
  ],
};

describe('acctl decision, API tokens and connection errors (against a running server)', function () {
  this.timeout(60000);
  let t: TestApp;
  let cli: ReturnType<typeof apiCli>;
  let call: Awaited<ReturnType<typeof apiAs>>['call'];
  let allowed: Decision;

  before(async () => {
    t = await startTestApp({ listen: true });
    const caller = await apiAs(t, ['admin:all', 'evaluate:decisions', 'read:audit', 'read:principals', 'write:policies']);
    call = caller.call;
    cli = apiCli(t, caller.client);
    await call('POST', '/v1/policies', ledgerPolicy);
    await call('POST', '/v1/policies', ownersPolicy);
  });
  after(() => t.close());

  const ok = (result: CliResult): CliResult => {
    expect(result.exitCode, result.stderr).to.equal(0);
    return result;
  };
  const requestFlags = ['--principal-type', 'USER', '--resource-type', 'database', '--resource', 'prod-ledger', '--action', 'read'];

  it('evaluates a request given by flags, with typed context values', async () => {
    allowed = ok(
      await cli(['decision', 'evaluate', ...requestFlags, '--attribute', 'department=finance', '--context', 'risk_score=0.2', '--json']),
    ).json<Decision>();
    expect(allowed.decision).to.equal('allow');
    expect(allowed.matched_rules[0]).to.include({ policy_name: 'ledger-read', effect: 'allow' });
  });

  it('evaluates an ownership policy with resource attributes given by flags, a repeated name making a list', async () => {
    const edit = [
      'decision',
      'evaluate',
      '--principal-type',
      'USER',
      '--principal-id',
      'u-42',
      '--resource-type',
      'document',
      '--resource',
      'doc-1',
      '--action',
      'edit',
    ];
    const owner = ['--resource-attribute', 'owner=u-42', '--resource-attribute', 'classification=internal'];
    const mine = ok(await cli([...edit, ...owner, '--resource-attribute', 'tags=q4', '--resource-attribute', 'tags=eu', '--json'])).json<Decision>();
    expect(mine.decision, mine.explanation).to.equal('allow');
    expect(mine.matched_rules.map((rule) => [rule.policy_name, rule.rule_index])).to.deep.equal([['documents-owners-edit', 0]]);
    const record = ok(await cli(['decision', 'get', mine.id, '--json'])).json<DecisionRecord>();
    expect(record.request.resource.attributes).to.deep.equal({ owner: 'u-42', classification: 'internal', tags: ['q4', 'eu'] });

    const frozen = ok(await cli([...edit, ...owner, '--resource-attribute', 'tags=q4', '--resource-attribute', 'tags=frozen', '--json'])).json<Decision>();
    expect(frozen.decision).to.equal('deny');
    expect(frozen.matched_rules.map((rule) => rule.rule_index)).to.deep.equal([0, 1]);
    const theirs = ok(await cli([...edit, '--resource-attribute', 'owner=u-7', '--resource-attribute', 'classification=internal', '--json'])).json<Decision>();
    expect(theirs.decision).to.equal('deny');
    const unlabelled = ok(await cli([...edit, '--resource-attribute', 'owner=u-42']));
    expect(unlabelled.stdout).to.match(/resource attribute classification missing/);
  });

  it('plans which documents u-42 may edit, and its --sql selects in PostgreSQL exactly those evaluate allows (issue #35)', async () => {
    const asker = ['--principal-type', 'USER', '--principal-id', 'u-42', '--resource-type', 'document', '--action', 'edit'];
    const columns = [
      '--column',
      'identifier=name',
      '--column',
      'attributes.owner=owner',
      '--column',
      'attributes.classification=classification',
      '--column',
      'attributes.tags=tags',
    ];
    const planned = ok(await cli(['decision', 'plan', ...asker, '--sql', ...columns, '--json'])).json<{
      kind: string;
      sql: { where: string; params: string[] };
    }>();
    expect(planned.kind).to.equal('conditional');
    const shown = ok(await cli(['decision', 'plan', ...asker]));
    expect(shown.stdout)
      .to.match(/CONDITIONAL/)
      .and.to.include('resource.attributes.owner equals "u-42"');

    // Documents of every kind the policies tell apart, in a table of the test's database.
    const documents = [
      { name: 'mine-internal', owner: 'u-42', classification: 'internal', tags: ['q4'] },
      { name: 'mine-public', owner: 'u-42', classification: 'public', tags: [] },
      // No tags: whether it is frozen is unknown, and the deny applies (unknown is never permissive).
      { name: 'mine-untagged', owner: 'u-42', classification: 'public', tags: null },
      { name: "mine-frozen'%_", owner: 'u-42', classification: 'public', tags: ['q4', 'frozen'] },
      { name: 'mine-secret', owner: 'u-42', classification: 'secret', tags: [] },
      { name: 'mine-unlabelled', owner: 'u-42', classification: null, tags: null },
      { name: 'theirs', owner: 'u-7', classification: 'internal', tags: null },
      { name: 'nobodys', owner: null, classification: 'public', tags: null },
    ];
    await t.app.db.raw('CREATE TABLE plan_documents (name text NOT NULL, owner jsonb, classification jsonb, tags jsonb)');
    try {
      await t.app.db('plan_documents').insert(
        documents.map((document) => ({
          name: document.name,
          owner: document.owner === null ? null : JSON.stringify(document.owner),
          classification: document.classification === null ? null : JSON.stringify(document.classification),
          tags: document.tags === null ? null : JSON.stringify(document.tags),
        })),
      );
      // As an application runs it: the text as printed, through pg's query and its $n placeholders (Knex's raw takes ? ones).
      const connection = (await t.app.db.client.acquireConnection()) as { query(text: string, values: string[]): Promise<{ rows: Array<{ name: string }> }> };
      const selected = await connection
        .query(`SELECT name FROM plan_documents WHERE ${planned.sql.where} ORDER BY name`, planned.sql.params)
        .finally(() => t.app.db.client.releaseConnection(connection));
      const batch: DecisionBatchResponse = await call('POST', '/v1/decisions/batch', {
        requests: documents.map((document) => ({
          principal: { id: 'u-42', type: 'USER' },
          resource: {
            type: 'document',
            identifier: document.name,
            attributes: Object.fromEntries(
              Object.entries({ owner: document.owner, classification: document.classification, tags: document.tags }).filter(([, value]) => value !== null),
            ),
          },
          action: 'edit',
        })),
      });
      const allowed = documents.filter((_, index) => batch.results[index]!.decision === 'allow').map((document) => document.name);
      expect(selected.rows.map((row) => row.name)).to.deep.equal([...allowed].sort());
      expect(allowed).to.have.members(['mine-internal', 'mine-public']);
    } finally {
      await t.app.db.raw('DROP TABLE plan_documents');
    }
  });

  it('refuses a --column that names no resource field before asking the server (exit 2)', async () => {
    const result = await cli([
      'decision',
      'plan',
      '--principal-type',
      'USER',
      '--resource-type',
      'document',
      '--action',
      'edit',
      '--sql',
      '--column',
      'owner=owner_id',
    ]);
    expect(result.exitCode).to.equal(exitCodes.usage_error);
    expect(result.stderr).to.include('--column: owner is not a resource field; give identifier or attributes.NAME');
  });

  it('passes resource attributes through a --request file, and through policy simulate', async () => {
    const request = {
      principal: { id: 'u-42', type: 'USER' },
      resource: { type: 'document', identifier: 'doc-1', attributes: { owner: 'u-42', classification: 'public', tags: ['q4'] } },
      action: 'edit',
    };
    const evaluated = ok(await cli(['decision', 'evaluate', '--request', '-', '--json'], { input: JSON.stringify(request) })).json<Decision>();
    expect(evaluated.decision, evaluated.explanation).to.equal('allow');
    const theirs = { ...request, resource: { ...request.resource, attributes: { ...request.resource.attributes, owner: 'u-7' } } };
    const simulated = await cli(['policy', 'simulate', '--policy', 'documents-owners-edit', '--requests', '-'], {
      input: JSON.stringify([request, theirs]),
    });
    expect(simulated.exitCode, simulated.stderr).to.equal(2);
    expect(simulated.stdout).to.include('document:doc-1 {owner=u-42,classification=public,tags=[q4]}').and.include('document:doc-1 {owner=u-7,');
    expect(simulated.stdout).to.include('1 allowed').and.include('1 denied');
  });

  it('shows why a rule did not apply to a token with read:policies, and only the policy id and rule to one without (issue #19, finding 7)', async () => {
    const deny = [...requestFlags, '--attribute', 'department=sales'];
    const withScope = ok(await apiCli(t, (await apiAs(t, ['evaluate:decisions', 'read:policies'])).client)(['decision', 'evaluate', ...deny]));
    expect(withScope.stdout).to.match(/reason\s+rule 0 of policy ledger-read did not apply: principal attribute department "sales" is not one of \[finance\]/);
    const narrow = apiCli(t, (await apiAs(t, ['evaluate:decisions'])).client);
    const denied = ok(await narrow(['decision', 'evaluate', ...deny]));
    expect(denied.stdout).to.include('need the read:policies scope');
    expect(denied.stdout).to.not.include('finance');
    const matched = ok(await narrow(['decision', 'evaluate', ...requestFlags, '--attribute', 'department=finance'])).stdout;
    expect(matched).to.match(/matched\s+allow \S+ v1 rule 0/);
    expect(matched).to.not.include('ledger-read');
  });

  it('exits 0 on a deny, and 10 with --exit-code while still printing the answer', async () => {
    const denied = await cli(['decision', 'evaluate', ...requestFlags, '--attribute', 'department=sales', '--exit-code', '--json']);
    expect(denied.exitCode, denied.stderr).to.equal(exitCodes.denied);
    expect(denied.json<Decision>().decision).to.equal('deny');
  });

  it('evaluates a batch read from stdin, in order', async () => {
    const request = (department: string) => ({
      principal: { type: 'USER', attributes: { department } },
      resource: { type: 'database', identifier: 'prod-ledger' },
      action: 'read',
    });
    const answer = ok(
      await cli(['decision', 'batch', '--file', '-', '--json'], { input: JSON.stringify({ requests: [request('finance'), request('sales')] }) }),
    ).json<DecisionBatchResponse>();
    expect(answer.results.map((result) => result.decision)).to.deep.equal(['allow', 'deny']);
  });

  it('gets a recorded decision with its request', async () => {
    const record = ok(await cli(['decision', 'get', allowed.id, '--json'])).json<DecisionRecord>();
    expect(record).to.include({ id: allowed.id, decision: 'allow' });
    expect(record.request.context).to.deep.equal({ risk_score: 0.2 });
  });

  it('gets a recorded query plan by its id: the plan, its kind and condition, and the resource type without an identifier', async () => {
    const plan = ok(
      await cli(['decision', 'plan', '--principal-type', 'USER', '--resource-type', 'document', '--action', 'edit', '--principal-id', 'u-42', '--json']),
    ).json<DecisionPlan>();
    const record = ok(await cli(['decision', 'get', plan.id, '--json'])).json<PlanRecord>();
    expect(record).to.deep.include({ id: plan.id, kind: 'plan', result: plan });
    const shown = ok(await cli(['decision', 'get', plan.id])).stdout;
    expect(shown).to.match(/resource\s+document \(any: a query plan\)/);
    expect(shown).to.match(/plan\s+CONDITIONAL/);
    expect(shown).to.include(plan.id);
  });

  it('uses ACCTL_TOKEN (an API token) as the bearer token when it is set', async () => {
    const apiToken: ApiToken = await call('POST', '/v1/auth/token', { name: 'cli-test', scopes: ['read:principals'] });
    const result = ok(await runCli(['principal', 'list', '--json'], { env: { ACCTL_SERVER: serverOrigin(t), ACCTL_TOKEN: apiToken.token } }));
    expect(result.json<PrincipalList>().pagination.page).to.equal(1);
  });

  it('exits with auth_error and names the environment variables when no credentials are set', async () => {
    const result = await runCli(['decision', 'get', allowed.id], { env: { ACCTL_SERVER: serverOrigin(t) } });
    expect(result.exitCode).to.equal(exitCodes.auth_error);
    expect(result.stderr).to.contain('ACCTL_TOKEN').and.to.contain('ACCTL_CLIENT_ID').and.to.contain('ACCTL_CLIENT_SECRET');
  });

  it('says it cannot reach the server when nothing listens at ACCTL_SERVER', async () => {
    const origin = `http://127.0.0.1:${await findFreePort()}`;
    const result = await runCli(['policy', 'list', '--json'], { env: { ACCTL_SERVER: origin, ACCTL_TOKEN: 'acctl_unused' } });
    expect(result.exitCode).to.equal(exitCodes.server_unreachable);
    const { error } = result.json<{ error: { code: string; message: string } }>();
    expect(error.code).to.equal('server_unreachable');
    expect(error.message).to.contain(`Cannot reach the acctl server at ${origin}`);
  });
});
