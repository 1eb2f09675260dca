/**
 * acctl's policies and requests in Cerbos's terms, so the Cerbos peer evaluates the same logic:
 * - each resource type becomes one Cerbos resource policy, each acctl rule one Cerbos rule with the
 *   same actions and effect. Both decide alike: deny overrides allow, nothing matching is deny;
 * - the principal's type is its one Cerbos role; its attributes are the principal's `attr`;
 * - the rule's identifier patterns, required attributes and conditions become CEL expressions that
 *   must all hold (`condition.match.all`), three-valued as the engine reads them (cel-conditions.ts):
 *   an allow asks that each is true, a deny that none is false, so a value the request lacks denies
 *   in both;
 * - the request context and the resource's attributes go into the resource's `attr` (`context`,
 *   `attributes`): Cerbos has one principal per check request and attributes per resource, so what
 *   varies from one decision to the next in a batch goes there.
 *
 * Only the condition types of the policy-condition schema are translated; anything else throws, so a
 * policy set the peer cannot express is never compared.
 */
import { stringify } from 'yaml';
import type { EnginePolicy, EngineRequest } from '../../../core/src/index.js';
import type { PolicyRule } from '../../../core/src/index.js';
import { conditionTri, literal, principalAttributeSlot, requiredAttributeTri, resourceAttributeSlot, type Tri, type Variables } from './cel-conditions.js';

/** Resource identifier patterns (engine/identifier-pattern.ts): a trailing `*` is a prefix. */
function identifierExpression(patterns: readonly string[]): string {
  const alternatives = patterns.map((pattern) => (pattern.endsWith('*') ? `R.id.startsWith(${literal(pattern.slice(0, -1))})` : `R.id == ${literal(pattern)}`));
  return alternatives.length === 0 ? 'false' : alternatives.join(' || ');
}

function cerbosRule(policy: EnginePolicy, ruleIndex: number, rule: PolicyRule, variables: Variables): Record<string, unknown> {
  const tests: Tri[] = [
    ...Object.entries(rule.principals.attributes ?? {}).map(([name, accepted]) =>
      requiredAttributeTri(principalAttributeSlot(name), accepted as unknown[], false),
    ),
    ...Object.entries(rule.resources.attributes ?? {}).map(([name, accepted]) =>
      requiredAttributeTri(resourceAttributeSlot(name), accepted as unknown[], true),
    ),
    ...(rule.conditions ?? []).map((condition) => conditionTri(condition, variables)),
  ];
  const expressions = [identifierExpression(rule.resources.identifiers), ...tests.map((test) => (rule.effect === 'allow' ? test.holds : test.possible))];
  return {
    name: `${policy.name}-${ruleIndex}`.replace(/[^A-Za-z0-9_-]/g, '_'),
    actions: rule.actions,
    effect: rule.effect === 'allow' ? 'EFFECT_ALLOW' : 'EFFECT_DENY',
    roles: [rule.principals.type],
    condition: { match: { all: { of: expressions.map((expr) => ({ expr })) } } },
  };
}

/** One YAML document per resource type: file name and content, for Cerbos's disk storage. */
export function cerbosResourcePolicies(policies: readonly EnginePolicy[]): Array<{ file: string; yaml: string }> {
  const byType = new Map<string, { rules: Array<Record<string, unknown>>; variables: Variables }>();
  for (const policy of policies) {
    policy.rules.forEach((rule, index) => {
      const entry = byType.get(rule.resources.type) ?? { rules: [], variables: new Map<string, string>() };
      entry.rules.push(cerbosRule(policy, index, rule, entry.variables));
      byType.set(rule.resources.type, entry);
    });
  }
  return [...byType].map(([type, { rules, variables }]) => {
    const declared = variables.size > 0 ? { variables: { local: Object.fromEntries(variables) } } : {};
    return {
      file: `${type.replace(/[^A-Za-z0-9_-]/g, '_')}.yaml`,
      yaml: stringify({ apiVersion: 'api.cerbos.dev/v1', resourcePolicy: { version: 'default', resource: type, ...declared, rules } }),
    };
  });
}

/**
 * The body of `POST /api/check/resources` for requests that share one principal (Cerbos checks many
 * resources for one principal per call), each request one resource entry with its one action. Cerbos
 * needs a principal id, which the engine may lack (then `principal.id` is unknown to it): a request
 * without one is refused rather than given an id the engine would not read.
 */
export function cerbosCheckBody(requests: readonly EngineRequest[], requestId: string): Record<string, unknown> {
  const [first] = requests;
  if (!first) throw new Error('a Cerbos check needs at least one request');
  const principal = JSON.stringify(first.principal);
  if (requests.some((request) => JSON.stringify(request.principal) !== principal)) throw new Error('a Cerbos check request has one principal');
  if (typeof first.principal.id !== 'string' || first.principal.id === '') throw new Error('the Cerbos peer needs a principal id');
  return {
    requestId,
    principal: { id: first.principal.id, roles: [first.principal.type], attr: first.principal.attributes ?? {} },
    resources: requests.map((request) => ({
      actions: [request.action],
      resource: {
        kind: request.resource.type,
        id: request.resource.identifier,
        attr: { context: request.context ?? {}, attributes: request.resource.attributes ?? {} },
      },
    })),
  };
}

/** The decisions in a check answer, in request order: allow or deny. */
export function cerbosDecisions(answer: unknown, requests: readonly EngineRequest[]): Array<'allow' | 'deny'> {
  const results = (answer as { results?: Array<{ actions?: Record<string, string> }> }).results ?? [];
  return requests.map((request, index) => (results[index]?.actions?.[request.action] === 'EFFECT_ALLOW' ? 'allow' : 'deny'));
}
