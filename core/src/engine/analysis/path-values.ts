import { ipBlockRange, ipFromBigInt, parseIpBlock } from '../ip-address.js';
import type { PathKind } from './request-kinds.js';

/**
 * What the conditions of a group of rules read of one request path, and the candidate values that
 * stand for every value the path can take (absence included). Why each family stands for all:
 *
 * - Strings: a string either is one of the literals compared with the path (equals, in, accepted
 *   values, exact identifiers), or it is none; then what starts_with/ends_with (and prefix patterns
 *   `p*`) can tell of it is its longest prefix literal p and longest suffix literal s, and
 *   p + FRESH + s has exactly those, when FRESH begins and ends with a character no literal holds
 *   (so it equals no literal and no longer prefix or suffix reaches across it). k paths compared
 *   with each other get k such strings per (p, s), so any pattern of equalities between them shows.
 * - Numbers: only the order against the literals matters (equals, in, <, <=, >, >=, and accepted
 *   values that are numbers written canonically, which String() compares); each literal and k values
 *   in each gap between and beyond them (k paths ordered among themselves within a gap).
 * - Booleans: true and false. A value of another kind for an operator is unknown: one of each kind
 *   stands for all (`[]` for every list where no condition reads lists).
 * - Lists (contains, `in` another path, resource attributes): a scalar list is judged by which of the
 *   values that matter it holds, so every subset of them (a value no condition tells apart from
 *   another is one value). Beyond LIST_VALUES_LIMIT the subsets are too many: the model is not
 *   exact, and says so.
 * - Addresses: the first and last address of each CIDR block and the ones just outside, one address
 *   of each family, and a text that is no address: every run of addresses between block edges holds
 *   one of them.
 * - Absence: a value of its own (conditions that read it are unknown).
 *
 * Only values of the kind the API's request takes at the path are candidates (request-kinds.ts): a
 * boolean context value is true, false or absent, a list only a resource attribute or a delegation's
 * actors and actor types (lists of strings), never an object;
 * a string longer than the schema allows is left out, and the model then says it is not exact.
 */

export const ABSENT: unique symbol = Symbol('absent');
export type PathValue = unknown;

const LIST_VALUES_LIMIT = 6;

export interface PathFeatures {
  strings: Set<string>;
  prefixes: Set<string>;
  suffixes: Set<string>;
  numbers: Set<number>;
  ipBlocks: Set<string>;
  /** A list can be told apart from another here. */
  listy: boolean;
}

export function emptyFeatures(): PathFeatures {
  return { strings: new Set(), prefixes: new Set(), suffixes: new Set(), numbers: new Set(), ipBlocks: new Set(), listy: false };
}

export function mergeFeatures(into: PathFeatures, from: PathFeatures): void {
  for (const key of ['strings', 'prefixes', 'suffixes', 'numbers', 'ipBlocks'] as const) for (const value of from[key] as Set<never>) into[key].add(value);
  into.listy ||= from.listy;
}

/** A literal compared by equality (or accepted as a string): its kind's family, and for a string that reads as a number or boolean, that one too. */
export function addScalar(features: PathFeatures, value: unknown, comparedAsString = false): void {
  if (typeof value === 'string') {
    features.strings.add(value);
    if (comparedAsString && value.trim() !== '' && String(Number(value)) === value) features.numbers.add(Number(value));
  } else if (typeof value === 'number' && Number.isFinite(value)) features.numbers.add(value);
}

/**
 * The candidates of a path: scalars first (the policy's own literals, then fresh strings, numbers,
 * booleans), then lists, then an object and absence, so the first request found reads like one a
 * person writes. `k`: the paths compared with each other that share these features.
 */
export function candidateValues(
  features: PathFeatures,
  k: number,
  options: { absent: boolean; kind: PathKind; distinct?: (values: PathValue[]) => PathValue[] },
): { values: PathValue[]; exact: string | undefined } {
  const { kind, maxLength } = options.kind;
  const tail = options.absent ? [ABSENT] : [];
  if (kind === 'boolean') return { values: [true, false, ...tail], exact: undefined };
  if (kind === 'number') return { values: [...numberCandidates([...features.numbers], k), ...tail], exact: undefined };
  if (kind === 'date-time') return dateTimeCandidates(features, k, tail);
  let inexact: string | undefined;
  const literals = [...features.strings];
  const affixes = { prefixes: ['', ...features.prefixes], suffixes: ['', ...features.suffixes] };
  const strings: string[] = [];
  if (features.ipBlocks.size > 0) {
    if (literals.length > 0 || features.prefixes.size > 0 || features.suffixes.size > 0)
      inexact = 'an address compared both as an address and as text is not modelled exactly';
    // Addresses first: an example shows a real address wherever one serves.
    strings.push(...addressCandidates([...features.ipBlocks]));
  }
  strings.push(...literals);
  for (const prefix of affixes.prefixes) for (const suffix of affixes.suffixes) strings.push(...freshStrings(prefix, suffix, literals, affixes, k));
  // An empty name is no request at all; a longer text than the schema allows may stand for shorter ones: not exact.
  const fitting = [...new Set(strings)].filter((text) => kind !== 'name' || text !== '');
  if (fitting.some((text) => text.length > maxLength)) inexact ??= `a value longer than the ${maxLength} characters the API takes is not modelled exactly`;
  const sendable = fitting.filter((text) => text.length <= maxLength);
  if (kind === 'name' || kind === 'string' || kind === 'address') return { values: [...sendable, ...tail], exact: inexact };
  // A list of strings only (context.delegation.actors): judged by which strings that matter it holds.
  if (kind === 'string-list') {
    const lists = listCandidates(sendable, options.distinct, inexact);
    return { values: [...lists.values, ...tail], exact: lists.exact };
  }
  const scalars: PathValue[] = [...sendable, ...numberCandidates([...features.numbers], k), true, false];
  const values: PathValue[] = [...scalars];
  if (features.listy && kind === 'scalar-or-list') {
    const lists = listCandidates(scalars, options.distinct, inexact);
    values.push(...lists.values);
    inexact = lists.exact;
  } else if (kind === 'scalar-or-list') {
    // No operator here tells one list from another: each is unknown to all but exists (seed 920006920
    // of satisfy-properties found `a in [..]` unknown on a list the model never tried).
    values.push([]);
  }
  values.push(...tail);
  return { values, exact: inexact };
}

/** Every list of the atoms that matter: values no condition tells apart, as the single item of a list, are one value here. */
function listCandidates(
  scalars: PathValue[],
  distinct: ((values: PathValue[]) => PathValue[]) | undefined,
  inexact: string | undefined,
): { values: PathValue[]; exact: string | undefined } {
  const atoms = distinct ? distinct(scalars.map((atom) => [atom])).map((list) => (list as PathValue[])[0]) : scalars;
  if (atoms.length <= LIST_VALUES_LIMIT) return { values: subsets(atoms), exact: inexact };
  return {
    values: [[], ...atoms.map((atom) => [atom]), atoms],
    exact: inexact ?? `a list compared with more than ${LIST_VALUES_LIMIT} values that matter is not modelled exactly`,
  };
}

/** context.timestamp: its date-time literals, k date-times that are none of them, absence; a prefix or suffix of it is not modelled. */
function dateTimeCandidates(features: PathFeatures, k: number, tail: PathValue[]): { values: PathValue[]; exact: string | undefined } {
  const literals = [...features.strings].filter((text) => RFC3339.test(text) && !Number.isNaN(Date.parse(text)));
  const fresh: string[] = [];
  for (let day = 1; fresh.length < Math.max(1, k); day += 1) {
    const text = new Date(Date.UTC(2000, 0, day)).toISOString();
    if (!features.strings.has(text)) fresh.push(text);
  }
  const exact =
    features.prefixes.size > 0 || features.suffixes.size > 0 ? 'context.timestamp compared by starts_with or ends_with is not modelled exactly' : undefined;
  return { values: [...literals, ...fresh, ...tail], exact };
}

const RFC3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/i;

/**
 * k strings prefix + MIDDLE + suffix that equal no literal and whose longest prefix literal is
 * `prefix` and longest suffix literal `suffix` (why that is all that matters: see the top). A
 * readable middle (`other-1`, so `prod-other-1`) when it has that property, checked directly;
 * else one that begins and ends with a character no literal holds, which has it by construction.
 */
function freshStrings(
  prefix: string,
  suffix: string,
  literals: readonly string[],
  affixes: { prefixes: readonly string[]; suffixes: readonly string[] },
  k: number,
): string[] {
  const count = Math.max(1, k);
  const taken = new Set(literals);
  const fits = (text: string): boolean =>
    !taken.has(text) &&
    affixes.prefixes.every((other) => !text.startsWith(other) || prefix.startsWith(other)) &&
    affixes.suffixes.every((other) => !text.endsWith(other) || suffix.endsWith(other));
  for (const word of ['other', 'sample', 'example']) {
    const found = Array.from({ length: count }, (_, index) => `${prefix}${word}-${index + 1}${suffix}`);
    if (found.every(fits)) return found;
  }
  const used = new Set([...literals, ...affixes.prefixes, ...affixes.suffixes].join(''));
  const mark = ['~', '_', '#', '^', '|', '§', '¤'].find((candidate) => !used.has(candidate)) ?? firstUnused(used);
  return Array.from({ length: count }, (_, index) => `${prefix}${mark}other${index === 0 ? '' : index + 1}${mark}${suffix}`);
}

function firstUnused(used: ReadonlySet<string>): string {
  for (let code = 0x2460; ; code += 1) if (!used.has(String.fromCharCode(code))) return String.fromCharCode(code);
}

/** Each literal and k values in each gap, integers where the gap holds enough of them. */
function numberCandidates(literals: number[], k: number): number[] {
  const sorted = [...new Set(literals)].sort((a, b) => a - b);
  const count = Math.max(1, k);
  if (sorted.length === 0) return Array.from({ length: count }, (_, index) => index + 1);
  const result: number[] = [];
  for (let index = count; index >= 1; index -= 1) result.push(sorted[0]! - index);
  sorted.forEach((value, index) => {
    result.push(value);
    const next = sorted[index + 1];
    if (next === undefined) return;
    const first = Math.floor(value) + 1;
    if (Math.ceil(next) - 1 - first + 1 >= count && first < next) {
      for (let step = 0; step < count; step += 1) result.push(first + step);
      return;
    }
    for (let step = 1; step <= count; step += 1) {
      const between = value + ((next - value) * step) / (count + 1);
      if (between > value && between < next) result.push(between);
    }
  });
  for (let index = 1; index <= count; index += 1) result.push(sorted[sorted.length - 1]! + index);
  return [...new Set(result)];
}

function subsets(atoms: readonly PathValue[]): PathValue[][] {
  const result: PathValue[][] = [];
  for (let mask = 0; mask < 1 << atoms.length; mask += 1) result.push(atoms.filter((_, index) => (mask & (1 << index)) !== 0));
  return result.sort((a, b) => a.length - b.length);
}

/** Addresses at and around each block's edges, one of each family, and a text that is no address. */
function addressCandidates(blocks: readonly string[]): string[] {
  const result = new Set<string>();
  for (const text of blocks) {
    const block = parseIpBlock(text);
    if (block === undefined) continue;
    const { first, last, kind } = ipBlockRange(block);
    for (const edge of [first, last, first - 1n, last + 1n]) {
      const address = ipFromBigInt(edge, kind);
      if (address) result.add(address);
    }
  }
  // A family with no block: every address of it is outside all of them.
  result.add('192.0.2.1').add('2001:db8:ffff::1').add('not-an-address');
  return [...result];
}
