import type { PolicyCondition, PolicyRule } from '../../generated/schema-types.js';
import { parseAttributePath, parseOperand, formatAttributePath } from '../conditions/attribute.js';
import { prepareCondition, type Truth } from '../conditions/index.js';
import { ipBlockRange, ipFromBigInt, parseIpBlock } from '../ip-address.js';
import { applyRule, prepareRule } from '../rule.js';
import type { EngineRequest } from '../types.js';

/**
 * Whether some request can make conditions come out a given way, decided over a finite model: for
 * each value of the request the conditions read (a path), a set of candidate values that stands for
 * every value it could take (each literal compared with it, the numbers between and around them,
 * strings around the prefixes and suffixes, addresses in and around each CIDR block, lists, absence,
 * a value of another kind), then every combination, each evaluated by the engine itself, so a
 * request this finds is one the engine really decides so. Time conditions become free variables (true
 * or false, independently): "never" is then only claimed where it holds whatever the time, so it is
 * never claimed wrongly, but a contradiction between two time windows is not seen.
 *
 * `undefined` answers "cannot tell": more combinations than `limit`.
 */

const DEFAULT_LIMIT = 20_000;
const FRESH = '~other';
const ABSENT = Symbol('absent');
const alwaysPresent = new Set(['principal.type', 'resource.type', 'resource.identifier']);
type Candidate = unknown | typeof ABSENT;

/** A request the rule applies to (its targets and conditions, as applyRule decides), or null when no request is one, or undefined. */
export function findRuleRequest(rule: PolicyRule, limit = DEFAULT_LIMIT): EngineRequest | null | undefined {
  const model = new Model();
  const freed = { ...rule, conditions: (rule.conditions ?? []).map((condition) => model.free(condition)) };
  for (const [name, accepted] of Object.entries(rule.principals?.attributes ?? {})) model.target(`principal.attributes.${name}`, accepted ?? []);
  for (const [name, accepted] of Object.entries(rule.resources?.attributes ?? {})) model.target(`resource.attributes.${name}`, accepted ?? []);
  for (const condition of freed.conditions) model.collect(condition);
  const identifiers = (rule.resources?.identifiers ?? []).map((pattern) => (pattern.endsWith('*') ? `${pattern.slice(0, -1)}${FRESH}` : pattern));
  model.fix('principal.type', [rule.principals?.type]);
  model.fix('resource.type', [rule.resources?.type]);
  model.fix('resource.identifier', identifiers.length > 0 ? identifiers : [FRESH]);
  const requests = model.requests(rule.actions?.[0] ?? 'a', limit);
  if (requests === undefined) return undefined;
  const prepared = prepareRule(freed);
  for (const request of requests) if (applyRule(prepared, request, analysisTime).applies) return request;
  return null;
}

/** The truth a single condition can take, over every request: which of true, false and unknown occur (undefined: cannot tell). */
export function reachableTruths(condition: PolicyCondition, limit = DEFAULT_LIMIT): Set<Truth> | undefined {
  const model = new Model();
  const freed = model.free(condition);
  model.collect(freed);
  const requests = model.requests('a', limit);
  if (requests === undefined) return undefined;
  const evaluate = prepareCondition(freed);
  const truths = new Set<Truth>();
  for (const request of requests) {
    truths.add(evaluate(request, analysisTime).truth);
    if (truths.size === 3) break;
  }
  return truths;
}

/** Any instant: time conditions are free variables here, so the clock is never read. */
const analysisTime = new Date('2026-01-05T12:00:00Z');

function buildRequest(paths: readonly string[], lists: readonly Candidate[][], choice: readonly number[], action: string): EngineRequest {
  const request = {
    principal: { type: 'P', attributes: {} as Record<string, unknown> },
    resource: { type: 'R', identifier: FRESH, attributes: {} as Record<string, unknown> },
    action,
    context: {} as Record<string, unknown>,
  };
  paths.forEach((path, index) => {
    const value = lists[index]![choice[index]!];
    if (value === ABSENT) {
      if (path === 'principal.type' || path === 'resource.type' || path === 'resource.identifier') return;
    } else place(request, path, value);
  });
  return request as unknown as EngineRequest;
}

function place(
  request: { principal: Record<string, unknown>; resource: Record<string, unknown>; context: Record<string, unknown> },
  path: string,
  value: unknown,
): void {
  const parsed = parseAttributePath(path);
  if (parsed === undefined) return;
  if (parsed.root === 'context') request.context[parsed.name] = value;
  else if ('name' in parsed) (request[parsed.root].attributes as Record<string, unknown>)[parsed.name] = value;
  else request[parsed.root][parsed.field] = value;
}

/** The candidate values of each path a rule reads. */
class Model {
  readonly candidates = new Map<string, Set<Candidate>>();
  private readonly numbers = new Map<string, Set<number>>();
  private readonly strings = new Map<string, { literals: Set<string>; prefixes: Set<string>; suffixes: Set<string> }>();
  private readonly linked = new Map<string, Set<string>>();
  private freeVariables = 0;

  /** The condition with each time condition replaced by a free boolean of its own (a context value no request names). */
  free(condition: PolicyCondition): PolicyCondition {
    if (condition === null || typeof condition !== 'object') return condition;
    if (condition.type === 'time') {
      const path = `context.~time${this.freeVariables++}`;
      this.fix(path, [true, false]);
      return { type: 'attribute', operator: 'equals', value: { attribute: path, to: true } };
    }
    if (condition.type === 'not') return { ...condition, value: this.free(condition.value) };
    if (condition.type === 'any_of' && Array.isArray(condition.value)) return { ...condition, value: condition.value.map((branch) => this.free(branch)) };
    return condition;
  }

  /** A path whose values are the ones given and nothing else. */
  fix(path: string, values: readonly unknown[]): void {
    this.candidates.set(path, new Set(values.filter((value) => value !== undefined)));
  }

  /** A principal or resource attribute a rule requires: accepted values compare as strings. */
  target(path: string, accepted: readonly string[]): void {
    const set = this.pathSet(path);
    for (const value of accepted) {
      set.add(value);
      const number = Number(value);
      if (value.trim() !== '' && Number.isFinite(number)) set.add(number);
      if (value === 'true' || value === 'false') set.add(value === 'true');
    }
    if (path.startsWith('resource.')) {
      set.add([]);
      for (const value of accepted) set.add([value]);
    }
  }

  collect(condition: PolicyCondition): void {
    if (condition === null || typeof condition !== 'object') return;
    switch (condition.type) {
      case 'not':
        return this.collect(condition.value);
      case 'any_of':
        return (Array.isArray(condition.value) ? condition.value : []).forEach((branch) => this.collect(branch));
      case 'risk_score':
        return this.number('context.risk_score', condition.value);
      case 'mfa_verified':
      case 'device_trusted':
        return this.addAll(`context.${condition.type}`, [true, false]);
      case 'ip_address': {
        const set = this.pathSet('context.ip_address');
        const blocks = (Array.isArray(condition.value) ? condition.value : []).map(parseIpBlock).filter((block) => block !== undefined);
        for (const block of blocks) {
          const { first, last, kind } = ipBlockRange(block);
          for (const edge of [first, last, first - 1n, last + 1n]) {
            const address = ipFromBigInt(edge, kind);
            if (address) set.add(address);
          }
        }
        set.add('192.0.2.1').add('2001:db8:ffff::1').add('not-an-address');
        return;
      }
      case 'attribute': {
        const left = parseAttributePath(condition.value?.attribute);
        if (left === undefined) return;
        const leftPath = formatAttributePath(left);
        this.pathSet(leftPath);
        const operand = parseOperand((condition.value as { to?: unknown }).to);
        if (operand === undefined) return;
        if (operand.kind === 'path') {
          const rightPath = formatAttributePath(operand.path);
          this.pathSet(rightPath);
          this.link(leftPath, rightPath);
          if (condition.operator === 'contains') this.pathSet(leftPath).add([FRESH]);
          if (condition.operator === 'in' || condition.operator === 'not_in') this.pathSet(rightPath).add([FRESH]);
          return;
        }
        const literal = operand.value;
        const values = Array.isArray(literal) ? literal : [literal];
        for (const value of values) {
          if (typeof value === 'number') this.number(leftPath, value);
          else if (typeof value === 'string') this.text(leftPath, value, condition.operator);
          else this.pathSet(leftPath).add(value);
        }
        if (condition.operator === 'contains') {
          const set = this.pathSet(leftPath);
          set.add([]);
          for (const value of values) set.add([value]);
        }
        return;
      }
      default:
        return;
    }
  }

  /** Every candidate set, completed: numbers between and around the literals, strings around prefixes and suffixes, linked paths sharing values. */
  private pathSet(path: string): Set<Candidate> {
    let set = this.candidates.get(path);
    if (set === undefined) {
      // Every request has a principal type, a resource type and an identifier (the request schema requires them).
      set = alwaysPresent.has(path) ? new Set<Candidate>([FRESH]) : new Set<Candidate>([ABSENT, FRESH, 0, true]);
      this.candidates.set(path, set);
    }
    return set;
  }

  private addAll(path: string, values: readonly unknown[]): void {
    const set = this.pathSet(path);
    for (const value of values) set.add(value);
  }

  private number(path: string, value: unknown): void {
    if (typeof value !== 'number' || !Number.isFinite(value)) return;
    let numbers = this.numbers.get(path);
    if (numbers === undefined) this.numbers.set(path, (numbers = new Set()));
    numbers.add(value);
    const set = this.pathSet(path);
    const sorted = [...numbers].sort((a, b) => a - b);
    set.add(sorted[0]! - 1).add(sorted[sorted.length - 1]! + 1);
    sorted.forEach((number, index) => {
      set.add(number);
      if (index > 0) set.add((sorted[index - 1]! + number) / 2);
    });
  }

  private text(path: string, value: string, operator: string): void {
    let strings = this.strings.get(path);
    if (strings === undefined) this.strings.set(path, (strings = { literals: new Set(), prefixes: new Set(), suffixes: new Set() }));
    if (operator === 'starts_with') strings.prefixes.add(value);
    else if (operator === 'ends_with') strings.suffixes.add(value);
    else strings.literals.add(value);
    const set = this.pathSet(path);
    for (const literal of strings.literals) set.add(literal);
    for (const prefix of strings.prefixes) {
      set.add(prefix).add(`${prefix}${FRESH}`);
      for (const suffix of strings.suffixes) set.add(`${prefix}${suffix}`).add(`${prefix}${FRESH}${suffix}`);
    }
    for (const suffix of strings.suffixes) set.add(suffix).add(`${FRESH}${suffix}`);
  }

  /** Two paths compared with each other draw from each other's candidates (finish() shares them). */
  private link(a: string, b: string): void {
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      let links = this.linked.get(from);
      if (links === undefined) this.linked.set(from, (links = new Set()));
      links.add(to);
    }
  }

  /** Every combination of candidate values as a request, one at a time; undefined when there are more than `limit`. */
  requests(action: string, limit: number): Iterable<EngineRequest> | undefined {
    this.finish();
    const paths = [...this.candidates.keys()];
    const lists = paths.map((path) => [...this.candidates.get(path)!]);
    const combinations = lists.reduce((product, list) => product * list.length, 1);
    if (combinations > limit) return undefined;
    return (function* () {
      const choice = new Array<number>(paths.length).fill(0);
      for (let tried = 0; tried < combinations; tried += 1) {
        yield buildRequest(paths, lists, choice, action);
        for (let position = 0; position < choice.length; position += 1) {
          choice[position]! += 1;
          if (choice[position]! < lists[position]!.length) break;
          choice[position] = 0;
        }
      }
    })();
  }

  /** Paths compared with each other, directly or through others, share one candidate set. */
  private finish(): void {
    const seen = new Set<string>();
    for (const start of this.linked.keys()) {
      if (seen.has(start)) continue;
      const group: string[] = [];
      const queue = [start];
      while (queue.length > 0) {
        const path = queue.pop()!;
        if (seen.has(path)) continue;
        seen.add(path);
        group.push(path);
        for (const next of this.linked.get(path) ?? []) queue.push(next);
      }
      const union = new Set<Candidate>(group.flatMap((path) => [...this.pathSet(path)]));
      for (const path of group) this.candidates.set(path, new Set(union));
    }
  }
}
