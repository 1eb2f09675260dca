/**
 * acctl's conditions in CEL, three-valued as the engine reads them (engine/conditions/): each
 * becomes two expressions, `holds` (true) and `possible` (true or unknown, that is not false). An
 * allow rule asks `holds` of everything it tests, a deny rule `possible` (engine/rule.ts: unknown is
 * never permissive). `not` swaps them; `any_of` joins each with `||` (Kleene's logic).
 *
 * A leaf is a guard, "the request carries readable values", and a test on them: holds is
 * `guard && test`, possible is `!guard || test`. A guard never fails with a CEL error and a test is
 * only reached when its guard holds: Cerbos takes an error for a condition that does not hold, which
 * would make an unknown deny skip (the engine applies it).
 *
 * Where the values are (translate.ts builds the check request): the context in `R.attr.context`,
 * the resource's attributes in `R.attr.attributes`, the principal's in `P.attr`, its type as its one
 * role. JSON numbers are doubles in Cerbos, so number literals are written as doubles.
 */
import { parseInstant, parseIpBlock, type PolicyCondition } from '../../../core/src/index.js';
import { ipAddressTextPattern } from './ip-text-pattern.js';

/** A condition's two readings. */
export interface Tri {
  holds: string;
  possible: string;
}

/** Policy variables the expressions read (`V.name`), by name: Cerbos evaluates each once per check. */
export type Variables = Map<string, string>;

/** A CEL string literal (JSON's escapes are CEL's). */
export const literal = (value: string): string => JSON.stringify(value);

/** A number as a CEL double literal (an integer literal would be an int, which a double never equals in a list). */
function doubleLiteral(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`the Cerbos peer cannot express the number ${value}`);
  const text = String(value);
  return /[.e]/.test(text) ? text : `${text}.0`;
}

/** A literal of a policy: a string, number or boolean, or a list of them. */
function valueLiteral(value: unknown): string {
  if (typeof value === 'string') return literal(value);
  if (typeof value === 'number') return doubleLiteral(value);
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(valueLiteral).join(', ')}]`;
  throw new Error(`the Cerbos peer cannot express the value ${JSON.stringify(value)}`);
}

/** Known when the guard holds: the test decides; unknown otherwise. */
export function guarded(guard: string, test: string): Tri {
  if (guard === 'true') return { holds: test, possible: test };
  // Never readable (a literal of the wrong kind): always unknown, and the test, which may not even
  // type-check (a number given to startsWith), is left out.
  if (guard === 'false') return { holds: 'false', possible: 'true' };
  return { holds: `(${guard}) && (${test})`, possible: `!(${guard}) || (${test})` };
}

const known = (expression: string): Tri => ({ holds: expression, possible: expression });

/** A value of the request as CEL reads it, and the guard that it is there (null counts as absent, as in the engine). */
interface Slot {
  value: string;
  present: string;
}

function entry(map: string, name: string): Slot {
  const value = `${map}[${literal(name)}]`;
  return { value, present: `${literal(name)} in ${map} && type(${value}) != null_type` };
}

export const contextSlot = (name: string): Slot => entry('R.attr.context', name);
export const principalAttributeSlot = (name: string): Slot => entry('P.attr', name);
export const resourceAttributeSlot = (name: string): Slot => entry('R.attr.attributes', name);

/** A path of an `attribute` condition (policy-attribute-path schema). translate.ts refuses a request without a principal id. */
function pathSlot(path: string): Slot {
  const fixed: Record<string, string> = { 'principal.id': 'P.id', 'principal.type': 'P.roles[0]', 'resource.type': 'R.kind', 'resource.identifier': 'R.id' };
  if (fixed[path] !== undefined) return { value: fixed[path], present: 'true' };
  for (const [prefix, slot] of [
    ['principal.attributes.', principalAttributeSlot],
    ['resource.attributes.', resourceAttributeSlot],
    ['context.', contextSlot],
  ] as const)
    if (path.startsWith(prefix)) return slot(path.slice(prefix.length));
  throw new Error(`the Cerbos peer cannot read the path ${path}`);
}

const orderings: Partial<Record<string, string>> = { greater_than: '>', greater_than_or_equal: '>=', less_than: '<', less_than_or_equal: '<=' };

const isScalar = (value: string): string => `type(${value}) in [string, double, bool]`;
const isScalarList = (value: string): string => `type(${value}) == list && ${value}.all(item, type(item) in [string, double, bool])`;
const both = (...guards: string[]): string => (guards.includes('false') ? 'false' : guards.filter((guard) => guard !== 'true').join(' && ') || 'true');

/** The kind a literal must meet: its CEL type. */
function literalKind(value: unknown, slot: string): string {
  if (typeof value === 'string') return `type(${slot}) == string`;
  if (typeof value === 'number') return `type(${slot}) == double`;
  if (typeof value === 'boolean') return `type(${slot}) == bool`;
  return 'false';
}

/** `attribute` OP { attribute, to } (engine/conditions/attribute.ts: compare). */
function attributeCondition(operator: string, definition: { attribute: string; to?: unknown }): Tri {
  const left = pathSlot(definition.attribute);
  if (operator === 'exists') return known(left.present);
  if (operator === 'not_exists') return known(`!(${left.present})`);
  const to = definition.to;
  const rightPath = to !== null && typeof to === 'object' && !Array.isArray(to) ? (to as { attribute: string }).attribute : undefined;
  const right: Slot = rightPath === undefined ? { value: valueLiteral(to), present: 'true' } : pathSlot(rightPath);
  const present = both(left.present, right.present);
  const L = left.value;
  const R = right.value;
  // The kinds each operator compares; a literal's kind is known here, a path's is asked.
  const sameScalarKind = rightPath === undefined ? literalKind(to, L) : `${isScalar(L)} && type(${L}) == type(${R})`;
  switch (operator) {
    case 'equals':
      return guarded(both(present, sameScalarKind), `${L} == ${R}`);
    case 'not_equals':
      return guarded(both(present, sameScalarKind), `${L} != ${R}`);
    case 'in':
    case 'not_in': {
      const kinds = rightPath === undefined ? (Array.isArray(to) ? isScalar(L) : 'false') : `${isScalar(L)} && ${isScalarList(R)}`;
      return guarded(both(present, kinds), operator === 'in' ? `${L} in ${R}` : `!(${L} in ${R})`);
    }
    case 'contains': {
      const kinds = rightPath === undefined ? (Array.isArray(to) ? 'false' : isScalarList(L)) : `${isScalarList(L)} && ${isScalar(R)}`;
      return guarded(both(present, kinds), `${R} in ${L}`);
    }
    case 'starts_with':
    case 'ends_with': {
      const kinds = rightPath === undefined ? (typeof to === 'string' ? `type(${L}) == string` : 'false') : `type(${L}) == string && type(${R}) == string`;
      return guarded(both(present, kinds), `${L}.${operator === 'starts_with' ? 'startsWith' : 'endsWith'}(${R})`);
    }
    default: {
      const symbol = orderings[operator];
      if (symbol === undefined) throw new Error(`the Cerbos peer cannot express the condition attribute ${operator}`);
      const kinds = rightPath === undefined ? (typeof to === 'number' ? `type(${L}) == double` : 'false') : `type(${L}) == double && type(${R}) == double`;
      return guarded(both(present, kinds), `${L} ${symbol} ${R}`);
    }
  }
}

/** Minutes after midnight of "HH:MM". */
function minutes(time: string): number {
  const [hours, mins] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (mins ?? 0);
}

/** A zone's clock as policy variables: minutes after midnight, and the day of the week (CEL: 0 is Sunday) when asked for. */
function zoneClock(zone: string, variables: Variables): { minute: string; day: () => string } {
  const quoted = literal(zone);
  const suffix = zone.replace(/[^A-Za-z0-9]/g, '_').toLowerCase();
  variables.set(`minute_of_day_${suffix}`, `now().getHours(${quoted}) * 60 + now().getMinutes(${quoted})`);
  return {
    minute: `V.minute_of_day_${suffix}`,
    day: () => {
      variables.set(`day_of_week_${suffix}`, `now().getDayOfWeek(${quoted})`);
      return `V.day_of_week_${suffix}`;
    },
  };
}

const dayNames = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/**
 * `time between` (engine/conditions/time-between.ts): [start, end) on the zone's wall clock, across
 * midnight when end < start, on `days` when given, a window across midnight belonging to the day it
 * opens. The decision endpoints read the server's clock (only simulations honour context.timestamp): now().
 */
function timeBetween(window: { start: string; end: string; timezone: string; days?: string[] }, variables: Variables): string {
  const { minute, day } = zoneClock(window.timezone, variables);
  const start = minutes(window.start);
  const end = minutes(window.end);
  if (start === end) return 'false';
  // Engine days count from Monday (0), CEL's from Sunday (0).
  const celDays = window.days?.map((name) => (dayNames.indexOf(name) + 1) % 7);
  const on = (shift: number): string => (celDays === undefined ? 'true' : `${day()} in [${celDays.map((value) => (value + shift) % 7).join(', ')}]`);
  const and = (...parts: string[]): string => parts.filter((part) => part !== 'true').join(' && ');
  if (end > start) return and(`${minute} >= ${start}`, `${minute} < ${end}`, on(0));
  // After midnight the window opened the day before: today is one of the days, shifted by one.
  return `(${and(`${minute} >= ${start}`, on(0))}) || (${and(`${minute} < ${end}`, on(1))})`;
}

/** `time before|after` INSTANT (engine/conditions/time-instant.ts): before is exclusive, after inclusive. */
function timeInstant(operator: 'before' | 'after', value: string): string {
  const instant = parseInstant(value);
  if (instant === undefined) throw new Error(`the Cerbos peer cannot express the instant ${value}`);
  // Go parses RFC 3339 with a `T` and an upper-case `Z` only; the engine's instant, in UTC, is one.
  const at = `timestamp(${literal(new Date(instant).toISOString())})`;
  return operator === 'before' ? `now() < ${at}` : `now() >= ${at}`;
}

/** `ip_address in_cidr|not_in_cidr` (engine/conditions/ip-address.ts), blocks as the engine parsed them. */
function ipAddress(operator: 'in_cidr' | 'not_in_cidr', blocks: readonly string[], variables: Variables): Tri {
  const cidrs = blocks.map((text) => {
    const block = parseIpBlock(text);
    if (block === undefined) throw new Error(`the Cerbos peer cannot express the CIDR block ${text}`);
    // A mapped block (::ffff:10.0.0.0/104) is the engine's IPv4 block (10.0.0.0/8); a bare address its /32 or /128.
    return `${block.address.toString()}/${block.bits}`;
  });
  const { value, present } = contextSlot('ip_address');
  variables.set('ip_address_known', `${present} && type(${value}) == string && ${value}.matches(${literal(ipAddressTextPattern)})`);
  variables.set('ip_address', `!V.ip_address_known ? "" : ${value}`);
  const within = cidrs.map((cidr) => `V.ip_address.inIPAddrRange(${literal(cidr)})`).join(' || ');
  return guarded('V.ip_address_known', operator === 'in_cidr' ? within : `!(${within})`);
}

/** `mfa_verified equals b` (engine/conditions/booleans.ts): the context's value, else the principal's attribute; "true" and "false" count. */
function mfaVerified(expected: boolean): Tri {
  const inContext = contextSlot('mfa_verified');
  const inAttributes = principalAttributeSlot('mfa_verified');
  const readable = (value: string): string => `(type(${value}) == bool || (type(${value}) == string && ${value} in ["true", "false"]))`;
  const guard = `(${inContext.present}) ? ${readable(inContext.value)} : (${inAttributes.present} && ${readable(inAttributes.value)})`;
  const stated = `string((${inContext.present}) ? ${inContext.value} : ${inAttributes.value})`;
  return guarded(guard, `${stated} == ${literal(String(expected))}`);
}

/** One condition of the policy-condition schema; any other throws, so the peer never compares different logic. */
export function conditionTri(condition: PolicyCondition, variables: Variables): Tri {
  switch (condition.type) {
    case 'any_of': {
      const branches = condition.value.map((branch) => conditionTri(branch, variables));
      return { holds: branches.map((branch) => `(${branch.holds})`).join(' || '), possible: branches.map((branch) => `(${branch.possible})`).join(' || ') };
    }
    case 'not': {
      const inner = conditionTri(condition.value, variables);
      return { holds: `!(${inner.possible})`, possible: `!(${inner.holds})` };
    }
    case 'attribute':
      return attributeCondition(condition.operator, condition.value as { attribute: string; to?: unknown });
    case 'time':
      return known(condition.operator === 'between' ? timeBetween(condition.value, variables) : timeInstant(condition.operator, condition.value));
    case 'risk_score': {
      const symbol = orderings[condition.operator];
      if (symbol === undefined) throw new Error(`the Cerbos peer cannot express the condition risk_score ${condition.operator}`);
      const { value, present } = contextSlot('risk_score');
      return guarded(`${present} && type(${value}) == double`, `${value} ${symbol} ${doubleLiteral(condition.value)}`);
    }
    case 'mfa_verified':
      return mfaVerified(condition.value);
    case 'device_trusted': {
      const { value, present } = contextSlot('device_trusted');
      return guarded(`${present} && type(${value}) == bool`, `${value} == ${condition.value}`);
    }
    case 'ip_address':
      return ipAddress(condition.operator, condition.value, variables);
    default:
      throw new Error(`the Cerbos peer cannot express the condition ${(condition as { type: string }).type} ${(condition as { operator?: string }).operator}`);
  }
}

/**
 * A rule's required attribute (principals.attributes, resources.attributes; engine/rule.ts): present
 * and, as a string, one of the accepted values; a resource attribute that is a list, when one of its
 * items is. Anything else that is there is unknown.
 */
export function requiredAttributeTri(slot: Slot, accepted: readonly unknown[], listsCount: boolean): Tri {
  const values = `[${accepted.map((value) => literal(typeof value === 'string' ? value : String(value))).join(', ')}]`;
  const scalar = `string(${slot.value}) in ${values}`;
  if (!listsCount) return guarded(`${slot.present} && ${isScalar(slot.value)}`, scalar);
  const list = `${slot.value}.exists(item, string(item) in ${values})`;
  return guarded(`${slot.present} && (${isScalar(slot.value)} || ${isScalarList(slot.value)})`, `type(${slot.value}) == list ? ${list} : ${scalar}`);
}
