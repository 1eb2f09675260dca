import { expect } from 'chai';
import fc from 'fast-check';
import { conditionPolicies } from '../../bench/fixtures/policies.js';
import { ipAddressTextPattern } from '../../bench/peers/cerbos/ip-text-pattern.js';
import { cerbosCheckBody } from '../../bench/peers/cerbos/translate.js';
import { type EnginePolicy, type EngineRequest, type PolicyCondition, type PolicyRule } from '../../core/src/index.js';
import { parseIpAddress } from '../../core/src/engine/ip-address.js';
import { cerbosPeerUnderTest } from './cerbos-peer.js';

/*
 * Every condition of the language through the Cerbos peer, unknowns included (#32). Each condition C
 * gets two actions of its own: `allow-C`, allowed by a rule with C alone (so Cerbos must allow
 * exactly when C is true), and `deny-C`, allowed by a rule without conditions and denied by a rule
 * with C (so Cerbos must allow exactly when C is false: a deny whose condition is unknown applies).
 * Requests leave values out, null them or give them of the wrong kind, and spell addresses in every
 * form, valid or not.
 */
const conditions: Record<string, PolicyCondition> = {
  owner: { type: 'attribute', operator: 'equals', value: { attribute: 'resource.attributes.owner', to: { attribute: 'principal.id' } } },
  'not-contractor': {
    type: 'not',
    value: { type: 'attribute', operator: 'equals', value: { attribute: 'principal.attributes.employment', to: 'contractor' } },
  },
  corporate: { type: 'ip_address', operator: 'in_cidr', value: ['10.0.0.0/8', 'fd00::/8', '::ffff:192.168.0.0/112', '203.0.113.7'] },
  'not-ten': { type: 'ip_address', operator: 'not_in_cidr', value: ['10.0.0.0/8'] },
  'mfa-or-device': {
    type: 'any_of',
    value: [
      { type: 'mfa_verified', operator: 'equals', value: true },
      { type: 'device_trusted', operator: 'equals', value: true },
    ],
  },
  'neither-device-nor-no-mfa': {
    type: 'not',
    value: {
      type: 'any_of',
      value: [
        { type: 'device_trusted', operator: 'equals', value: true },
        { type: 'mfa_verified', operator: 'equals', value: false },
      ],
    },
  },
  mfa: { type: 'mfa_verified', operator: 'equals', value: true },
  'untrusted-device': { type: 'device_trusted', operator: 'equals', value: false },
  'risk-le-40': { type: 'risk_score', operator: 'less_than_or_equal', value: 40 },
  'risk-gt-70': { type: 'risk_score', operator: 'greater_than', value: 70 },
  'risk-ge-50': { type: 'risk_score', operator: 'greater_than_or_equal', value: 50.5 },
  'after-2020': { type: 'time', operator: 'after', value: '2020-01-01T00:00:00Z' },
  'before-2020': { type: 'time', operator: 'before', value: '2020-01-01t01:00:00+01:00' },
  'nights-across-midnight': {
    type: 'time',
    operator: 'between',
    value: { start: '22:00', end: '06:00', timezone: 'Asia/Tokyo', days: ['mon', 'wed', 'fri', 'sun'] },
  },
  'weekdays-daytime': {
    type: 'time',
    operator: 'between',
    value: { start: '06:00', end: '22:00', timezone: 'America/New_York', days: ['mon', 'tue', 'wed', 'thu', 'fri'] },
  },
  'tags-q4': { type: 'attribute', operator: 'contains', value: { attribute: 'resource.attributes.tags', to: 'q4' } },
  'doc-prefix': { type: 'attribute', operator: 'starts_with', value: { attribute: 'resource.identifier', to: 'doc-' } },
  'ops-team': { type: 'attribute', operator: 'ends_with', value: { attribute: 'principal.attributes.team', to: 'ops' } },
  clearance: {
    type: 'attribute',
    operator: 'greater_than_or_equal',
    value: { attribute: 'principal.attributes.clearance', to: { attribute: 'resource.attributes.level' } },
  },
  'below-clearance': { type: 'attribute', operator: 'less_than', value: { attribute: 'context.level', to: { attribute: 'principal.attributes.clearance' } } },
  'region-in': { type: 'attribute', operator: 'in', value: { attribute: 'context.region', to: ['eu', 'us', 3] } },
  'region-not-in': { type: 'attribute', operator: 'not_in', value: { attribute: 'context.region', to: ['cn'] } },
  'team-listed': { type: 'attribute', operator: 'in', value: { attribute: 'principal.attributes.team', to: { attribute: 'resource.attributes.teams' } } },
  'tags-hold-team': {
    type: 'attribute',
    operator: 'contains',
    value: { attribute: 'resource.attributes.tags', to: { attribute: 'principal.attributes.team' } },
  },
  'level-3': { type: 'attribute', operator: 'equals', value: { attribute: 'resource.attributes.level', to: 3 } },
  'vpn-on': { type: 'attribute', operator: 'equals', value: { attribute: 'context.vpn', to: true } },
  'other-region': { type: 'attribute', operator: 'not_equals', value: { attribute: 'context.region', to: { attribute: 'principal.attributes.region' } } },
  'owner-exists': { type: 'attribute', operator: 'exists', value: { attribute: 'resource.attributes.owner' } },
  'no-region': { type: 'attribute', operator: 'not_exists', value: { attribute: 'context.region' } },
  'is-user': { type: 'attribute', operator: 'equals', value: { attribute: 'principal.type', to: 'USER' } },
  'a-document': { type: 'attribute', operator: 'equals', value: { attribute: 'resource.type', to: 'document' } },
};

const open = (actions: string[]): PolicyRule => ({
  effect: 'allow',
  principals: { type: 'USER' },
  resources: { type: 'document', identifiers: ['*'] },
  actions,
});
const rulesOf = (name: string, condition: PolicyCondition): PolicyRule[] => [
  { ...open([`allow-${name}`]), conditions: [condition] },
  open([`deny-${name}`]),
  { ...open([`deny-${name}`]), effect: 'deny', conditions: [condition] },
];
/** What rules require of the principal and the resource, in both effects, as conditions are. */
const required: PolicyRule[] = [
  { ...open(['allow-required']), principals: { type: 'USER', attributes: { employment: ['employee', '3', 'true'] } } },
  { ...open(['allow-classified']), resources: { type: 'document', identifiers: ['*'], attributes: { classification: ['public', 'internal'] } } },
  open(['deny-required', 'deny-classified']),
  { ...open(['deny-required']), effect: 'deny', principals: { type: 'USER', attributes: { employment: ['contractor'] } } },
  { ...open(['deny-classified']), effect: 'deny', resources: { type: 'document', identifiers: ['*'], attributes: { classification: ['secret'] } } },
];
const policies: EnginePolicy[] = [
  {
    id: 'pol_vocabulary',
    version: 1,
    name: 'vocabulary',
    rules: [...Object.entries(conditions).flatMap(([name, condition]) => rulesOf(name, condition)), ...required],
  },
  // The engine benchmark's set with the newer conditions, on the same resource type.
  ...conditionPolicies(10, 'extended'),
];
const actions = [
  ...Object.keys(conditions).flatMap((name) => [`allow-${name}`, `deny-${name}`]),
  'allow-required',
  'deny-required',
  'allow-classified',
  'deny-classified',
  'read',
  'edit',
];

/** An address in one of the forms people and programs write, valid or not. */
const ipAddress = fc.oneof(
  fc.constantFrom('10.1.2.3', '10.255.255.255', '11.0.0.1', '203.0.113.7', '192.168.1.20', '0.0.0.0', '255.255.255.255'),
  fc.constantFrom('fd00::1', 'FD00:0:0:0:0:0:0:1', '2001:db8::1', '::', '::1', '1::', '1:2:3:4:5:6:7::', '::2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8'),
  fc.constantFrom('::ffff:10.1.2.3', '::FFFF:192.168.3.4', '::ffff:a01:203', '0:0:0:0:0:ffff:10.0.0.1', '::10.1.2.3', '::0:10.1.2.3', 'fd00::10.1.2.3'),
  fc.constantFrom(
    '010.1.2.3',
    '10.1.2',
    '256.1.1.1',
    '10.1.2.3.4',
    'fd00::1%eth0',
    '1:2:3:4:5:6:7:8:9',
    '1::2::3',
    '12345::',
    'not an address',
    '',
    ' 10.1.2.3',
  ),
  fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((parts) => parts.join('.')),
);
/** Principal and resource values: usually the right kind, sometimes another kind, sometimes absent (or null). */
const maybe = <T>(values: fc.Arbitrary<T>) => fc.option(values, { nil: undefined, freq: 3 });
const withoutUndefined = <T extends Record<string, unknown>>(record: T): T =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;
const principal = fc
  .record({
    id: fc.constantFrom('usr_ada', 'usr_bob'),
    type: fc.constantFrom('USER', 'USER', 'USER', 'SERVICE'),
    employment: maybe(fc.constantFrom<string | number | boolean | null>('employee', 'contractor', 3, true, null)),
    team: maybe(fc.constantFrom<string | number | null>('sre-ops', 'dev', 'q4', 5, null)),
    clearance: maybe(fc.constantFrom<string | number>(1, 2, 3, 4.5, '3')),
    region: maybe(fc.constantFrom<string | number>('eu', 'cn', 3)),
    mfa_verified: maybe(fc.constantFrom<string | boolean>('true', 'false', 'maybe', true)),
  })
  .map(({ id, type, ...attributes }) => ({ id, type, attributes: withoutUndefined(attributes) }));
const resource = fc
  .record({
    identifier: fc.constantFrom('doc-1', 'file-2', 'payments-q3-forecast'),
    owner: maybe(fc.constantFrom<string | number>('usr_ada', 'usr_bob', 7)),
    tags: maybe(fc.constantFrom<string | Array<string | number | boolean>>(['q4', 'x'], ['y'], 'q4', [1, 'q4'], [], ['sre-ops'], [true])),
    level: maybe(fc.constantFrom<string | number>(1, 3, '3', 5)),
    teams: maybe(fc.constantFrom<string | string[]>(['sre-ops', 'dev'], ['q4'], 'sre-ops', [])),
    classification: maybe(fc.constantFrom<string | number | string[]>('public', 'internal', 'secret', ['public', 'x'], ['x'], 3)),
  })
  .map(({ identifier, ...attributes }) => ({ type: 'document', identifier, attributes: withoutUndefined(attributes) }));
const context = fc
  .record(
    {
      risk_score: fc.constantFrom(0, 40, 40.5, 50.5, 70, 70.5, 100),
      mfa_verified: fc.boolean(),
      device_trusted: fc.boolean(),
      ip_address: ipAddress,
      region: fc.constantFrom<string | number | boolean | null>('eu', 'cn', 'us', 3, true, null),
      level: fc.constantFrom<string | number>(0, 2, 3, '1'),
      vpn: fc.constantFrom<string | boolean | null>(true, false, 'true', null),
    },
    { requiredKeys: [] },
  )
  .map((record) => record as EngineRequest['context']);
/** One Cerbos check request: one principal, several resources and actions. */
const checkRequest = fc
  .tuple(principal, fc.array(fc.tuple(resource, fc.constantFrom(...actions), fc.option(context, { nil: undefined })), { minLength: 1, maxLength: 20 }))
  .map(([who, targets]) =>
    targets.map(([what, action, withContext]): EngineRequest => ({ principal: who, resource: what, action, ...(withContext ? { context: withContext } : {}) })),
  );

describe("The Cerbos peer: every condition of the language, and the engine's unknowns", () => {
  const { decideAsTheEngine } = cerbosPeerUnderTest(policies);

  it('reads an address text as the engine does: the CEL pattern accepts exactly what the engine parses', () => {
    const pattern = new RegExp(ipAddressTextPattern);
    const hex = fc.oneof(
      fc.constantFrom('0', 'ffff', 'FFFF', 'a00', 'db8', '0000', '00001', 'g1'),
      fc.nat(65535).map((n) => n.toString(16)),
    );
    const text = fc.oneof(
      ipAddress,
      fc
        .tuple(fc.array(hex, { maxLength: 9 }), fc.nat(9), fc.boolean(), fc.option(fc.tuple(fc.nat(300), fc.nat(255), fc.nat(255), fc.nat(255))))
        .map(([groups, at, ellipsis, ipv4]) => {
          let written = ellipsis ? `${groups.slice(0, at).join(':')}::${groups.slice(at).join(':')}` : groups.join(':');
          if (ipv4) written += `${written === '' || written.endsWith(':') ? '' : ':'}${ipv4.join('.')}`;
          return written;
        }),
    );
    fc.assert(
      fc.property(text, (written) => {
        expect(pattern.test(written), written).to.equal(parseIpAddress(written) !== undefined);
      }),
      { numRuns: 20000 },
    );
  });

  it('allows exactly when the condition is true, and lets a deny apply unless it is false, as the engine does', async () => {
    const seen = { allow: 0, deny: 0 };
    await fc.assert(
      fc.asyncProperty(checkRequest, async (requests) => {
        for (const decision of await decideAsTheEngine(requests)) seen[decision] += 1;
      }),
      { numRuns: 300 },
    );
    // Both answers are common, so neither side could pass by answering one of them always.
    expect(seen.allow).to.be.greaterThan(300);
    expect(seen.deny).to.be.greaterThan(300);
  });

  it('refuses a request without a principal id: Cerbos needs one, and the engine reads none as unknown', () => {
    const request: EngineRequest = { principal: { type: 'USER' }, resource: { type: 'document', identifier: 'doc-1' }, action: 'allow-owner' };
    expect(() => cerbosCheckBody([request], 'test')).to.throw('needs a principal id');
  });
});
