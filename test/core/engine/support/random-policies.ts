import fc from 'fast-check';
import { createAjv, schemaIdBase, type EnginePolicy, type EngineRequest, type PolicyCondition, type PolicyRule } from '../../../../core/src/index.js';

/**
 * Random small policies and requests for the analysis's property-based tests (compareAccess in
 * analysis/access-change-properties.test.ts, findRuleRequest and reachableTruths in
 * analysis/satisfy-properties.test.ts): few literals, so random requests built from them hit the
 * values that matter; every operator, any_of and not, time windows, instants and CIDR blocks.
 */
export const now = new Date('2026-03-01T00:00:00Z');
const day = 86_400_000;

const scalar = fc.constantFrom<string | number | boolean>('a', 'b', 'ab', 1, 2, 3, true, false);
const paths = ['principal.id', 'principal.attributes.a', 'resource.attributes.a', 'resource.attributes.tags', 'context.x', 'resource.identifier'];
const path = fc.constantFrom(...paths);
const instantText = fc.constantFrom('2026-03-10T00:00:00Z', '2026-06-01T12:30:00Z', '2025-01-01T00:00:00Z');

export const leaf: fc.Arbitrary<PolicyCondition> = fc.oneof(
  fc.record({
    type: fc.constant('attribute'),
    operator: fc.constantFrom('equals', 'not_equals', 'contains', 'exists', 'not_exists'),
    value: fc.record({
      attribute: path,
      to: fc.oneof(
        scalar,
        path.map((attribute) => ({ attribute })),
      ),
    }),
  }),
  fc.record({
    type: fc.constant('attribute'),
    operator: fc.constantFrom('in', 'not_in'),
    value: fc.record({ attribute: path, to: fc.array(scalar, { minLength: 1, maxLength: 3 }) }),
  }),
  fc.record({
    type: fc.constant('attribute'),
    operator: fc.constantFrom('starts_with', 'ends_with'),
    value: fc.record({ attribute: path, to: fc.constantFrom('a', 'b', 'ab') }),
  }),
  fc.record({
    type: fc.constant('attribute'),
    operator: fc.constantFrom('greater_than', 'greater_than_or_equal', 'less_than', 'less_than_or_equal'),
    value: fc.record({
      attribute: path,
      to: fc.oneof(
        fc.integer({ min: 0, max: 4 }),
        path.map((attribute) => ({ attribute })),
      ),
    }),
  }),
  fc.record({
    type: fc.constant('risk_score'),
    operator: fc.constantFrom('less_than', 'less_than_or_equal', 'greater_than', 'greater_than_or_equal'),
    value: fc.constantFrom(30, 40, 50),
  }),
  fc.record({ type: fc.constantFrom('mfa_verified', 'device_trusted'), operator: fc.constant('equals'), value: fc.boolean() }),
  fc.record({
    type: fc.constant('ip_address'),
    operator: fc.constantFrom('in_cidr', 'not_in_cidr'),
    value: fc.constantFrom(['10.0.0.0/8'], ['10.0.0.0/8', '2001:db8::/32']),
  }),
  fc.record({ type: fc.constant('time'), operator: fc.constantFrom('before', 'after'), value: instantText }),
  fc.record({
    type: fc.constant('time'),
    operator: fc.constant('between'),
    value: fc.record(
      {
        start: fc.constantFrom('08:00', '22:00'),
        end: fc.constantFrom('18:00', '06:00'),
        timezone: fc.constantFrom('UTC', 'Europe/Berlin'),
        days: fc.constantFrom<Array<'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun'>>(['mon', 'fri'], ['sat', 'sun']),
      },
      { requiredKeys: ['start', 'end', 'timezone'] },
    ),
  }),
) as fc.Arbitrary<PolicyCondition>;

/**
 * Comparisons whose `to` is a path where the leaves above take literals only: starts_with,
 * ends_with, in and not_in between two values of the request, one or both the resource's (the
 * query planner's cases, plan/plan-resources.test.ts).
 */
export const pathComparison: fc.Arbitrary<PolicyCondition> = fc.record({
  type: fc.constant('attribute'),
  operator: fc.constantFrom('starts_with', 'ends_with', 'in', 'not_in'),
  value: fc
    .record({ attribute: path, to: path.map((attribute) => ({ attribute })) })
    .filter(({ attribute, to }) => attribute.startsWith('resource.') || to.attribute.startsWith('resource.')),
}) as fc.Arbitrary<PolicyCondition>;

/** Policies whose conditions are drawn from `leaves` (the leaves above, by default), nested in not and any_of. */
export function policyArbitraries(leaves: fc.Arbitrary<PolicyCondition> = leaf) {
  const { condition } = fc.letrec<{ condition: PolicyCondition }>((tie) => ({
    condition: fc.oneof(
      { depthSize: 'small', withCrossShrink: true, maxDepth: 2 },
      leaves,
      fc.record({ type: fc.constant('not'), value: tie('condition') }) as fc.Arbitrary<PolicyCondition>,
      fc.record({ type: fc.constant('any_of'), value: fc.array(tie('condition'), { minLength: 1, maxLength: 2 }) }) as fc.Arbitrary<PolicyCondition>,
    ),
  }));
  const rule = ruleWith(condition);
  const policies: fc.Arbitrary<EnginePolicy[]> = fc
    .array(fc.array(rule, { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 3 })
    .map((sets) => sets.map((rules, index) => ({ id: `p${index}`, version: 1, name: `p${index}`, rules })));
  return { condition, rule, policies };
}

const ruleWith = (condition: fc.Arbitrary<PolicyCondition>): fc.Arbitrary<PolicyRule> =>
  fc.record({
    effect: fc.constantFrom<'allow' | 'deny'>('allow', 'allow', 'deny'),
    principals: fc.constantFrom<PolicyRule['principals']>({ type: 'U' }, { type: 'U', attributes: { a: ['a', '1'] } }),
    resources: fc.oneof(
      fc.subarray(['*', 'a*', 'ab', 'b'], { minLength: 1 }).map((identifiers): PolicyRule['resources'] => ({ type: 'R', identifiers })),
      fc.constant<PolicyRule['resources']>({ type: 'R', identifiers: ['*'], attributes: { a: ['a', 'true'] } }),
    ),
    actions: fc.constantFrom<string[]>(['go'], ['go', 'list']),
    conditions: fc.array(condition, { maxLength: 2 }),
  });

export const { condition, rule, policies } = policyArbitraries();

/** Every literal the policies hold, so random requests hit the values that matter. */
export function literalsOf(value: unknown, found = new Set<unknown>()): Set<unknown> {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') found.add(value);
  else if (Array.isArray(value)) value.forEach((item) => literalsOf(item, found));
  else if (value !== null && typeof value === 'object') Object.values(value).forEach((item) => literalsOf(item, found));
  return found;
}

export function requests(literals: unknown[]): fc.Arbitrary<EngineRequest> {
  const item = fc.constantFrom(...literals, 'a', 'b', 'ab', 'ba', 0, 5, true);
  const value = fc.option(fc.oneof(item, fc.array(item, { maxLength: 3 })), { nil: undefined });
  const stringy = fc.constantFrom(...literals.filter((literal) => typeof literal === 'string'), 'ab', 'abc', 'b', 'x');
  return fc
    .record({
      id: value,
      identifier: stringy,
      action: fc.constantFrom('go', 'list'),
      pa: value,
      ra: value,
      tags: value,
      x: value,
      risk: fc.option(fc.constantFrom(29, 30, 35, 40, 41, 50, 51, '40'), { nil: undefined }),
      mfa: fc.option(fc.constantFrom(true, false, 'true', 'no'), { nil: undefined }),
      device: fc.option(fc.boolean(), { nil: undefined }),
      ip: fc.option(fc.constantFrom('10.1.2.3', '9.255.255.255', '2001:db8::1', '::ffff:10.0.0.1', 'x'), { nil: undefined }),
    })
    .map((drawn) => {
      const defined = (entries: Record<string, unknown>) => Object.fromEntries(Object.entries(entries).filter(([, entry]) => entry !== undefined));
      return {
        principal: { type: 'U', ...defined({ id: drawn.id }), attributes: defined({ a: drawn.pa }) },
        resource: { type: 'R', identifier: drawn.identifier, attributes: defined({ a: drawn.ra, tags: drawn.tags }) },
        action: drawn.action,
        context: defined({ x: drawn.x, risk_score: drawn.risk, mfa_verified: drawn.mfa, device_trusted: drawn.device, ip_address: drawn.ip }),
      } as EngineRequest;
    });
}

let requestSchema: ((value: unknown) => boolean) | undefined;

/**
 * Whether the API's decision request schema (schemas/simulation-request.json) accepts the request:
 * the analysis answers over those requests only (core/src/engine/analysis/request-kinds.ts), so the
 * properties try those and no other.
 */
export function sendable(request: EngineRequest): boolean {
  requestSchema ??= createAjv({ coerce: false }).getSchema(`${schemaIdBase}simulation-request.json`)!;
  return requestSchema(request);
}

/** Instants of the horizon: random ones and those next to the policies' boundaries. */
export const instant = fc.oneof(
  fc.integer({ min: now.getTime(), max: now.getTime() + 365 * day }),
  fc
    .constantFrom(
      '2026-03-09T23:59:00Z',
      '2026-03-10T00:00:00Z',
      '2026-06-01T12:29:00Z',
      '2026-06-01T12:30:00Z',
      '2026-03-06T17:00:00Z',
      '2026-03-29T01:00:00Z',
    )
    .map(Date.parse),
  fc.integer({ min: 0, max: 7 * 24 * 4 }).map((quarter) => now.getTime() + 40 * day + quarter * 15 * 60_000),
);
