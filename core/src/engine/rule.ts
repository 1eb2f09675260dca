import type { PolicyRule } from '../generated/schema-types.js';
import { prepareCondition, type PreparedCondition } from './conditions/index.js';
import { principalAttribute, showValue } from './conditions/condition.js';
import { identifierMatches, parseIdentifierPattern, type IdentifierPattern } from './identifier-pattern.js';
import type { Effect, EngineRequest } from './types.js';

/**
 * A rule read once into the shape evaluation needs. Storage validates rules against the schema; the
 * CLI also reads policy files, so whatever is malformed becomes a rule that cannot apply, never a throw.
 */
export interface PreparedRule {
  /** undefined when the stored effect is neither allow nor deny: such a rule never applies. */
  effect: Effect | undefined;
  rawEffect: unknown;
  principalType: string | undefined;
  requiredAttributes: ReadonlyArray<{ name: string; accepted: ReadonlySet<string>; shown: string }>;
  resourceType: string | undefined;
  identifierPatterns: readonly IdentifierPattern[];
  actions: readonly string[];
  conditions: readonly PreparedCondition[];
}

/** A rule's verdict on a request whose resource and action it addresses. */
export type RuleOutcome = { applies: true; effect: Effect; conditionsMet: string[] } | { applies: false; why: string };

const ACCEPTED_VALUES_SHOWN = 5;

export function prepareRule(rule: PolicyRule): PreparedRule {
  const source = (rule ?? {}) as Partial<Record<keyof PolicyRule, unknown>>;
  const principals = objectOrEmpty(source.principals);
  const resources = objectOrEmpty(source.resources);
  return {
    effect: source.effect === 'allow' || source.effect === 'deny' ? source.effect : undefined,
    rawEffect: source.effect,
    principalType: stringOrUndefined(principals.type),
    requiredAttributes: Object.entries(objectOrEmpty(principals.attributes)).map(([name, values]) => {
      const accepted = arrayOrEmpty(values).map((value) => showAccepted(value));
      const shown =
        accepted.length > ACCEPTED_VALUES_SHOWN ? `${accepted.slice(0, ACCEPTED_VALUES_SHOWN).join(', ')}, … (${accepted.length} in all)` : accepted.join(', ');
      return { name, accepted: new Set(accepted), shown: `[${shown}]` };
    }),
    resourceType: stringOrUndefined(resources.type),
    identifierPatterns: strings(resources.identifiers).map(parseIdentifierPattern),
    actions: strings(source.actions),
    conditions: arrayOrEmpty(source.conditions).map(prepareCondition),
  };
}

/** Whether the rule is written for this resource type, identifier and action (the part the index answers). */
export function addressesResource(rule: PreparedRule, request: EngineRequest): boolean {
  const target = requestTarget(request);
  return (
    target !== undefined &&
    rule.resourceType === target.type &&
    rule.actions.includes(target.action) &&
    rule.identifierPatterns.some((pattern) => identifierMatches(pattern, target.identifier))
  );
}

/** The request's resource type, identifier and action, when all three are strings; else it addresses nothing. */
export function requestTarget(request: EngineRequest): { type: string; identifier: string; action: string } | undefined {
  const type: unknown = request?.resource?.type;
  const identifier: unknown = request?.resource?.identifier;
  const action: unknown = request?.action;
  return typeof type === 'string' && typeof identifier === 'string' && typeof action === 'string' ? { type, identifier, action } : undefined;
}

/**
 * Whether a rule that addresses the request's resource and action applies: the effect is known, the
 * principal fits, then every condition holds. Conditions are all evaluated so a failure lists each one.
 */
export function applyRule(rule: PreparedRule, request: EngineRequest, at: Date): RuleOutcome {
  if (rule.effect === undefined) return { applies: false, why: `effect ${showValue(rule.rawEffect)} is neither allow nor deny` };
  const principalMisfit = principalMismatch(rule, request);
  if (principalMisfit !== undefined) return { applies: false, why: principalMisfit };
  const conditionsMet: string[] = [];
  const conditionsFailed: string[] = [];
  for (const condition of rule.conditions) {
    const outcome = condition(request, at);
    (outcome.holds ? conditionsMet : conditionsFailed).push(outcome.description);
  }
  if (conditionsFailed.length > 0) return { applies: false, why: conditionsFailed.join('; ') };
  return { applies: true, effect: rule.effect, conditionsMet };
}

/** Why the principal does not fit the rule, or undefined when it does. Types compare exactly, case included. */
function principalMismatch(rule: PreparedRule, request: EngineRequest): string | undefined {
  const type: unknown = request?.principal?.type;
  if (type === undefined || type === null) return 'principal type missing';
  if (type !== rule.principalType) return `principal type ${showValue(type)} is not ${showValue(rule.principalType)}`;
  for (const { name, accepted, shown } of rule.requiredAttributes) {
    const value = principalAttribute(request, name);
    if (value === undefined || value === null) return `principal attribute ${name} missing`;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      return `principal attribute ${name} is ${showValue(value)}, not a string, number or boolean`;
    }
    if (!accepted.has(String(value))) return `principal attribute ${name} ${showValue(value)} is not one of ${shown}`;
  }
  return undefined;
}

function showAccepted(value: unknown): string {
  return typeof value === 'string' ? value : showValue(value);
}

function objectOrEmpty(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function arrayOrEmpty(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function strings(value: unknown): string[] {
  return arrayOrEmpty(value).filter((item): item is string => typeof item === 'string');
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
