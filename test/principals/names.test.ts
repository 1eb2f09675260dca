import { expect } from 'chai';
import { checkClientRegistration } from '../../core/src/index.js';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { samplePolicy } from '../policies/fixtures.js';

/**
 * Issue #34, finding 12: names that spoof another are refused alike for every object that has a
 * name (schemas/names.json, core/src/names.ts), with a 400 problem naming the field; two Unicode
 * spellings of one name are one name.
 */
const spoofs: ReadonlyArray<[string, string]> = [
  ['a right-to-left override (U+202E)', 'admin\u202Egnp.exe'],
  ['a left-to-right isolate (U+2066)', 'ops\u2066team'],
  ['a pop directional formatting (U+202C)', 'ops\u202Cteam'],
  ['a zero-width space (U+200B)', 'ad\u200Bmin'],
  ['a zero-width joiner (U+200D)', 'ad\u200Dmin'],
  ['a word joiner (U+2060)', 'ad\u2060min'],
  ['a byte order mark (U+FEFF)', '\uFEFFadmin'],
  ['a C0 control (U+0007)', 'ad\u0007min'],
  ['a C1 control (U+0085)', 'ad\u0085min'],
  ['DEL (U+007F)', 'ad\u007Fmin'],
  ['only spaces', '   '],
  ['only a no-break space', '\u00A0'],
  ['a leading space', ' admin'],
  ['a trailing space', 'admin '],
  ['the shape of an id (a UUID)', '3f0c6a2e-8d1b-4c55-9b7e-1a2b3c4d5e6f'],
  ['the shape of an id in capitals', '3F0C6A2E-8D1B-4C55-9B7E-1A2B3C4D5E6F'],
  ['a decomposed spelling (not NFC)', 'cafe\u0301'],
];

describe('Names of principals, policies, clients and API tokens (one rule)', () => {
  let t: TestApp;
  let admin: string;

  before(async () => {
    t = await startTestApp();
    admin = await accessToken(t.app, await registerClient(t.app, ['admin:all']));
  });
  after(async () => t.close());

  const send = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: unknown) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

  /** Each way a name reaches the server, with the pointer a refusal names. */
  const writers: ReadonlyArray<{ what: string; pointer: string; send(name: string): ReturnType<typeof send> }> = [
    { what: 'POST /principals', pointer: '/name', send: (name) => send('POST', '/v1/principals', { kind: 'service', name }) },
    { what: 'PATCH /principals/{id}', pointer: '/name', send: (name) => send('PATCH', `/v1/principals/${principalId}`, { name }) },
    { what: 'POST /policies', pointer: '/name', send: (name) => send('POST', '/v1/policies', samplePolicy({ name })) },
    { what: 'PUT /policies/{id}', pointer: '/name', send: (name) => send('PUT', `/v1/policies/${policyId}`, samplePolicy({ name })) },
    { what: 'POST /auth/token', pointer: '/name', send: (name) => send('POST', '/v1/auth/token', { name, scopes: ['read:policies'] }) },
    {
      what: 'POST /policy-sets',
      pointer: '/changes/0/policy/name',
      send: (name) => send('POST', '/v1/policy-sets', { changes: [{ action: 'create', policy: samplePolicy({ name }) }] }),
    },
  ];
  let principalId: string;
  let policyId: string;

  it('refuses every spoofing name on every write with 400 problem+json naming the field, and stores nothing', async () => {
    principalId = (await send('POST', '/v1/principals', { kind: 'service', name: 'names-target' })).json().id;
    policyId = (await send('POST', '/v1/policies', samplePolicy({ name: 'names-target' }))).json().id;
    const before = {
      principals: await t.app.db('principals').count({ n: '*' }),
      policies: await t.app.db('policies').count({ n: '*' }),
      tokens: await t.app.db('api_tokens').count({ n: '*' }),
    };
    const cases = writers.flatMap((writer) => spoofs.map(([why, name]) => ({ writer, why, name })));
    const responses = await Promise.all(cases.map(({ writer, name }) => writer.send(name)));
    responses.forEach((response, index) => {
      const { writer, why } = cases[index]!;
      const label = `${writer.what} with a name holding ${why}: ${response.body}`;
      expect(response.statusCode, label).to.equal(400);
      expect(response.headers['content-type'], label).to.match(/^application\/problem\+json/);
      expect(response.json().code, label).to.equal('validation_failed');
      const fields = response.json().errors as Array<{ pointer: string; detail: string }>;
      expect(
        fields.map((field) => field.pointer),
        label,
      ).to.deep.equal([writer.pointer]);
      expect(fields[0]!.detail, label).to.match(/^must (have 1 to 200 characters, none of them a control|be in Unicode Normalization Form C)/);
    });
    expect({
      principals: await t.app.db('principals').count({ n: '*' }),
      policies: await t.app.db('policies').count({ n: '*' }),
      tokens: await t.app.db('api_tokens').count({ n: '*' }),
    }).to.deep.equal(before);
    expect((await t.app.db('principals').where({ id: principalId }).first()).name).to.equal('names-target');
  });

  it('refuses the same names for an OAuth client (the dashboard and `acctl server client create` check through core)', () => {
    for (const [why, name] of spoofs) {
      const checked = checkClientRegistration({ name, public: false, grantTypes: [], redirectUris: [], scopes: [] }, { allowInsecure: false });
      expect(checked.ok, `a client name holding ${why}`).to.equal(false);
      if (!checked.ok) expect(checked.problems, why).to.have.length(1);
    }
  });

  it('accepts names in any script, with inner spaces and punctuation', async () => {
    const names = ['Zoë Ångström', '数据平台', 'مدير', 'ops team (eu-1)', 'café'];
    const responses = await Promise.all(names.map((name) => send('POST', '/v1/principals', { kind: 'agent', name })));
    expect(responses.map((response) => response.statusCode)).to.deep.equal(names.map(() => 201));
    expect(responses.map((response) => response.json().name)).to.deep.equal(names);
  });

  it('treats two Unicode spellings of one name as one name: a name stored before in another spelling is taken (409)', async () => {
    // Rows stored before names had to be NFC: one written as the database held it then.
    await t.app.db('principals').insert({ id: 'legacy-nfd', kind: 'user', name: 'Rene\u0301', attributes: '{}', status: 'active' });
    await t.app.db('policies').insert({ ...legacyPolicyRow(), id: 'legacy-nfd-policy', name: 'Jose\u0301-read' });
    const [principals, policies] = await Promise.all([
      Promise.all([send('POST', '/v1/principals', { kind: 'user', name: 'René' }), send('POST', '/v1/principals', { kind: 'user', name: 'rené' })]),
      Promise.all([send('POST', '/v1/policies', samplePolicy({ name: 'José-read' })), send('POST', '/v1/policies', samplePolicy({ name: 'José-read' }))]),
    ]);
    for (const response of [...principals, ...policies]) {
      expect(response.statusCode, response.body).to.equal(409);
      expect(response.headers['content-type']).to.match(/^application\/problem\+json/);
    }
  });
});

/** The columns of a policy row, as a test writes one straight to the table. */
function legacyPolicyRow(): Record<string, unknown> {
  const policy = samplePolicy();
  return {
    description: '',
    status: 'draft',
    version: 1,
    rules: JSON.stringify(policy.rules),
    metadata: JSON.stringify({}),
    created_by: 'test',
    updated_by: 'test',
  };
}
