/**
 * acctl's policies and requests in Cerbos's terms, so the Cerbos peer evaluates the same logic:
 * - each resource type becomes one Cerbos resource policy, each acctl rule one Cerbos rule with the
 *   same actions and effect. Both decide alike: deny overrides allow, nothing matching is deny;
 * - the principal's type is its one Cerbos role; its attributes are the principal's `attr`;
 * - the rule's identifier patterns, principal attributes and conditions become CEL expressions that
 *   must all hold (`condition.match.all`);
 * - the request context goes into the resource's `attr`: Cerbos has one principal per check request
 *   and attributes per resource, so what varies from one decision to the next in a batch goes there.
 *
 * Only the condition types of the spec's "Condition" table are translated (as the engine reads them,
 * engine/conditions/); anything else throws, so a policy set the peer cannot express is never
 * compared.
 */
import { stringify } from 'yaml';
import type { EnginePolicy, EngineRequest } from '../../../core/src/index.js';
import type { PolicyCondition, PolicyRule } from '../../../core/src/index.js';

/** A CEL string literal (JSON's escapes are CEL's). */
const literal = (value: string): string => JSON.stringify(value);

/** Resource identifier patterns (engine/identifier-pattern.ts): a trailing `*` is a prefix. */
function identifierExpression(patterns: readonly string[]): string {
  const alternatives = patterns.map((pattern) => (pattern.endsWith('*') ? `R.id.startsWith(${literal(pattern.slice(0, -1))})` : `R.id == ${literal(pattern)}`));
  return alternatives.length === 0 ? 'false' : alternatives.join(' || ');
}

/** A required principal attribute: present and, as a string, one of the accepted values (engine/rule.ts). */
function attributeExpression(name: string, accepted: readonly unknown[]): string {
  const values = accepted.map((value) => literal(String(value))).join(', ');
  return `${literal(name)} in P.attr && string(P.attr[${literal(name)}]) in [${values}]`;
}

/** Minutes after midnight of "HH:MM". */
function minutes(time: string): number {
  const [hours, mins] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (mins ?? 0);
}

/**
 * The minutes after midnight on a zone's wall clock, as a Cerbos policy variable: Cerbos evaluates a
 * variable once per check and loads the zone once for it, however many rules read it.
 */
function minuteOfDayVariable(zone: string): { name: string; expr: string } {
  const quoted = literal(zone);
  return { name: `minute_of_day_${zone.replace(/[^A-Za-z0-9]/g, '_').toLowerCase()}`, expr: `now().getHours(${quoted}) * 60 + now().getMinutes(${quoted})` };
}

/** The spec's conditions, read as engine/conditions/ reads them; the zones that time windows read go into `zones`. */
function conditionExpression(condition: PolicyCondition, zones: Set<string>): string {
  const key = `${condition.type} ${condition.operator}`;
  switch (key) {
    case 'risk_score less_than':
      return `"risk_score" in R.attr && double(R.attr.risk_score) < double(${Number(condition.value)})`;
    case 'mfa_verified equals': {
      // context.mfa_verified, else the principal's attribute; "true"/"false" count as booleans.
      const expected = Boolean(condition.value);
      return `string("mfa_verified" in R.attr ? R.attr.mfa_verified : P.attr.mfa_verified) == ${literal(String(expected))}`;
    }
    case 'time between': {
      // [start, end) on the zone's wall clock, across midnight when end < start. The decision
      // endpoints read the server's clock (only simulations honour context.timestamp), so: now().
      const window = condition.value as { start: string; end: string; timezone: string };
      zones.add(window.timezone);
      const now = `V.${minuteOfDayVariable(window.timezone).name}`;
      const start = minutes(window.start);
      const end = minutes(window.end);
      if (start === end) return 'false';
      return end > start ? `${now} >= ${start} && ${now} < ${end}` : `(${now} >= ${start} || ${now} < ${end})`;
    }
    default:
      throw new Error(`the Cerbos peer cannot express the condition ${key}`);
  }
}

function cerbosRule(policy: EnginePolicy, ruleIndex: number, rule: PolicyRule, zones: Set<string>): Record<string, unknown> {
  const expressions = [
    identifierExpression(rule.resources.identifiers),
    ...Object.entries(rule.principals.attributes ?? {}).map(([name, accepted]) => attributeExpression(name, accepted as unknown[])),
    ...(rule.conditions ?? []).map((condition) => conditionExpression(condition, zones)),
  ];
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
  const byType = new Map<string, { rules: Array<Record<string, unknown>>; zones: Set<string> }>();
  for (const policy of policies) {
    policy.rules.forEach((rule, index) => {
      const entry = byType.get(rule.resources.type) ?? { rules: [], zones: new Set<string>() };
      entry.rules.push(cerbosRule(policy, index, rule, entry.zones));
      byType.set(rule.resources.type, entry);
    });
  }
  return [...byType].map(([type, { rules, zones }]) => {
    const local = Object.fromEntries([...zones].map(minuteOfDayVariable).map(({ name, expr }) => [name, expr]));
    const variables = zones.size > 0 ? { variables: { local } } : {};
    return {
      file: `${type.replace(/[^A-Za-z0-9_-]/g, '_')}.yaml`,
      yaml: stringify({ apiVersion: 'api.cerbos.dev/v1', resourcePolicy: { version: 'default', resource: type, ...variables, rules } }),
    };
  });
}

/**
 * The body of `POST /api/check/resources` for requests that share one principal (Cerbos checks many
 * resources for one principal per call), each request one resource entry with its one action.
 */
export function cerbosCheckBody(requests: readonly EngineRequest[], requestId: string): Record<string, unknown> {
  const [first] = requests;
  if (!first) throw new Error('a Cerbos check needs at least one request');
  const principal = JSON.stringify(first.principal);
  if (requests.some((request) => JSON.stringify(request.principal) !== principal)) throw new Error('a Cerbos check request has one principal');
  return {
    requestId,
    principal: { id: first.principal.id ?? 'anonymous', roles: [first.principal.type], attr: first.principal.attributes ?? {} },
    resources: requests.map((request) => ({
      actions: [request.action],
      resource: { kind: request.resource.type, id: request.resource.identifier, attr: request.context ?? {} },
    })),
  };
}

/** The decisions in a check answer, in request order: allow or deny. */
export function cerbosDecisions(answer: unknown, requests: readonly EngineRequest[]): Array<'allow' | 'deny'> {
  const results = (answer as { results?: Array<{ actions?: Record<string, string> }> }).results ?? [];
  return requests.map((request, index) => (results[index]?.actions?.[request.action] === 'EFFECT_ALLOW' ? 'allow' : 'deny'));
}
