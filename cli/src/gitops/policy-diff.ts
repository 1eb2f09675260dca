import { canonicalJson, describeCondition } from '../../../core/src/index.js';
import { style } from '../../../kit/src/index.js';
import type { PolicyCondition, PolicyRule } from '../../../core/src/index.js';
import type { PolicyContent } from './desired.js';

/**
 * A field-level diff of two policies, in sentences a reviewer reads ("rule 1 gains action `write`").
 * Pure. Rules are numbered from 0 in the text and in `rule_index`, as the spec's `rule_index`,
 * tests, decisions, lint and `policy get` count them: the index in the newer policy (the older one
 * for a removed rule).
 */
export interface DiffEntry {
  /** Where: `name`, `status`, `metadata.owner`, `rules[1].actions`, `rules[0].conditions[2].value`, ... (JSON-path-like, zero-based). */
  path: string;
  kind: 'added' | 'removed' | 'changed';
  text: string;
  rule_index?: number;
  /** A changed value, before and after (keys in canonical order), so a tool reads `40 → 35` without parsing the text. */
  before?: unknown;
  after?: unknown;
}

/** One entry as `policy diff` prints it: `+` gained, `-` lost, `~` changed, then its sentence. */
export function diffEntryLine(entry: DiffEntry): string {
  const mark = entry.kind === 'added' ? style.green('+') : entry.kind === 'removed' ? style.red('-') : style.yellow('~');
  return `${mark} ${entry.text}`;
}

/**
 * The order of keys (a file's, or the server's jsonb's) is never a change, nor changes the order or
 * the words of the entries: values are compared and shown as RFC 8785 canonical JSON (core's
 * canonicalJson), and keys are visited in its order.
 */
export function diffPolicies(before: PolicyContent, after: PolicyContent): DiffEntry[] {
  const entries: DiffEntry[] = [];
  for (const field of ['name', 'status', 'description'] as const) {
    if (before[field] !== after[field])
      entries.push({
        path: field,
        kind: 'changed',
        text: `${field} ${quoted(before[field])} → ${quoted(after[field])}`,
        before: before[field],
        after: after[field],
      });
  }
  entries.push(...diffMetadata(before.metadata as Record<string, unknown>, after.metadata as Record<string, unknown>), ...diffRules(before.rules, after.rules));
  return entries;
}

function diffMetadata(before: Record<string, unknown>, after: Record<string, unknown>): DiffEntry[] {
  const entries: DiffEntry[] = [];
  for (const key of unionKeys(before, after)) {
    if (key === 'provenance') continue; // who applied it, not what it says
    const path = `metadata.${key}`;
    const [was, now] = [own(before, key), own(after, key)];
    if (was === undefined) entries.push({ path, kind: 'added', text: `${path} set to ${shown(now)}` });
    else if (now === undefined) entries.push({ path, kind: 'removed', text: `${path} removed (was ${shown(was)})` });
    else if (!same(was, now)) entries.push({ path, kind: 'changed', text: `${path} ${shown(was)} → ${shown(now)}`, ...change(was, now) });
  }
  return entries;
}

/**
 * Rules are matched by content first (a longest common subsequence of identical rules), so inserting
 * a rule reads as one added rule, not as every later rule changed. Between two matched rules, the
 * unmatched ones are paired in order and diffed field by field; the rest are added or removed.
 */
function diffRules(before: readonly PolicyRule[], after: readonly PolicyRule[]): DiffEntry[] {
  const anchors = commonRules(before.map(canonicalJson), after.map(canonicalJson));
  const entries: DiffEntry[] = [];
  let i = 0;
  let j = 0;
  for (const [ai, bj] of [...anchors, [before.length, after.length] as const]) {
    const removed = before.slice(i, ai).map((rule, k) => ({ rule, index: i + k }));
    const added = after.slice(j, bj).map((rule, k) => ({ rule, index: j + k }));
    const paired = Math.min(removed.length, added.length);
    for (let k = 0; k < paired; k++) entries.push(...diffRule(removed[k]!.rule, added[k]!.rule, added[k]!.index));
    for (const { rule, index } of removed.slice(paired))
      entries.push({ path: `rules[${index}]`, kind: 'removed', rule_index: index, text: `rule ${index} removed: ${ruleSummary(rule)}` });
    for (const { rule, index } of added.slice(paired))
      entries.push({ path: `rules[${index}]`, kind: 'added', rule_index: index, text: `rule ${index} added: ${ruleSummary(rule)}` });
    i = ai + 1;
    j = bj + 1;
  }
  return entries;
}

/** Index pairs of equal items in a longest common subsequence (rules per policy are few: at most 500). */
function commonRules(a: readonly string[], b: readonly string[]): Array<readonly [number, number]> {
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let x = a.length - 1; x >= 0; x--)
    for (let y = b.length - 1; y >= 0; y--) lengths[x]![y] = a[x] === b[y] ? lengths[x + 1]![y + 1]! + 1 : Math.max(lengths[x + 1]![y]!, lengths[x]![y + 1]!);
  const pairs: Array<readonly [number, number]> = [];
  let x = 0;
  let y = 0;
  while (x < a.length && y < b.length) {
    if (a[x] === b[y]) pairs.push([x++, y++] as const);
    else if (lengths[x + 1]![y]! >= lengths[x]![y + 1]!) x++;
    else y++;
  }
  return pairs;
}

function diffRule(before: PolicyRule, after: PolicyRule, index: number): DiffEntry[] {
  const at = (field: string) => `rules[${index}].${field}`;
  const entries: DiffEntry[] = [];
  const push: Push = (path, kind, text, change) => entries.push({ path, kind, rule_index: index, text: `rule ${index} ${text}`, ...change });
  const changed = (field: string, words: string, was: string, now: string) => {
    if (was !== now) push(at(field), 'changed', `${words} ${was} → ${now}`, { before: was, after: now });
  };
  changed('effect', 'effect', before.effect, after.effect);
  changed('principals.type', 'principal type', before.principals.type, after.principals.type);
  attributeChanges('principal', before.principals.attributes, after.principals.attributes, at('principals.attributes'), push);
  changed('resources.type', 'resource type', before.resources.type, after.resources.type);
  setChanges(before.resources.identifiers, after.resources.identifiers, (kind, value) =>
    push(at('resources.identifiers'), kind, `${kind === 'added' ? 'gains' : 'loses'} resource \`${value}\``),
  );
  attributeChanges('resource', before.resources.attributes, after.resources.attributes, at('resources.attributes'), push);
  setChanges(before.actions, after.actions, (kind, value) => push(at('actions'), kind, `${kind === 'added' ? 'gains' : 'loses'} action \`${value}\``));
  conditionChanges(before.conditions ?? [], after.conditions ?? [], at('conditions'), push);
  // Fields a later schema may add: compared whole.
  const known = new Set(['effect', 'principals', 'resources', 'actions', 'conditions']);
  for (const key of unionKeys(before as unknown as Record<string, unknown>, after as unknown as Record<string, unknown>)) {
    if (known.has(key)) continue;
    const was = own(before as unknown as Record<string, unknown>, key);
    const now = own(after as unknown as Record<string, unknown>, key);
    if (!same(was, now)) push(at(key), 'changed', `${key} ${shown(was)} → ${shown(now)}`, change(was, now));
  }
  // Same items in another order: the engine does not care, the reviewer should still see it.
  if (entries.length === 0 && !same(before, after)) push(`rules[${index}]`, 'changed', 'reordered its lists (same meaning)');
  return entries;
}

type Push = (path: string, kind: DiffEntry['kind'], text: string, change?: { before: unknown; after: unknown }) => void;

/** Reports items of `now` missing from `was` (added) and the reverse (removed), each once, in order. */
function setChanges(was: readonly string[], now: readonly string[], report: (kind: 'added' | 'removed', value: string) => void): void {
  const wasSet = new Set(was);
  const nowSet = new Set(now);
  for (const value of new Set(now)) if (!wasSet.has(value)) report('added', value);
  for (const value of new Set(was)) if (!nowSet.has(value)) report('removed', value);
}

/** What a rule's principals or resources require: attribute name → accepted values (policy-rule schema). */
type RequiredAttributes = NonNullable<PolicyRule['principals']['attributes']>;

/**
 * The attributes a rule's principals or resources require: each name added or removed, or its
 * accepted values as they were → as they are (one change, not a loss and a gain).
 */
function attributeChanges(
  owner: 'principal' | 'resource',
  was: RequiredAttributes | undefined,
  now: RequiredAttributes | undefined,
  at: string,
  push: Push,
): void {
  const before = was ?? {};
  const after = now ?? {};
  for (const name of unionKeys(before, after)) {
    const path = `${at}.${name}`;
    const [values, nowValues] = [own(before, name), own(after, name)];
    if (values === undefined) push(path, 'added', `requires ${owner} attribute \`${name}\` in ${shown(nowValues)}`);
    else if (nowValues === undefined) push(path, 'removed', `no longer requires ${owner} attribute \`${name}\` (was ${shown(values)})`);
    else if (!sameSet(values, nowValues))
      push(path, 'changed', `${owner} attribute \`${name}\` accepts ${shown(values)} → ${shown(nowValues)}`, change(values, nowValues));
  }
}

/**
 * Conditions compared by content (canonical JSON) and named in core's words. A lost and a gained
 * condition of the same type and operator are one changed value when they sit at the same place,
 * or when they are the only two of their type and operator that changed: `risk_score <` 40 → 35.
 * Two other conditions that read the same (a list of blocks longer than its words show) also give
 * their value, so the reviewer sees what changed.
 */
function conditionChanges(was: readonly PolicyCondition[], now: readonly PolicyCondition[], at: string, push: Push): void {
  const wasKeys = new Set(was.map(canonicalJson));
  const nowKeys = new Set(now.map(canonicalJson));
  const removed = positioned(was).filter(({ condition }) => !nowKeys.has(canonicalJson(condition)));
  const added = positioned(now).filter(({ condition }) => !wasKeys.has(canonicalJson(condition)));
  for (const [old, next] of changedValues(removed, added)) {
    removed.splice(removed.indexOf(old), 1);
    added.splice(added.indexOf(next), 1);
    push(
      `${at}[${next.index}].value`,
      'changed',
      `condition ${valueChangeText(old.condition, next.condition)}`,
      change(old.condition.value, next.condition.value),
    );
  }
  const removedWords = new Set(removed.map(({ condition }) => describeCondition(condition)));
  const ambiguous = new Set(added.map(({ condition }) => describeCondition(condition)).filter((words) => removedWords.has(words)));
  const text = (condition: PolicyCondition): string => {
    const words = describeCondition(condition);
    return ambiguous.has(words) ? `\`${words}\` (value ${shown(condition.value)})` : `\`${words}\``;
  };
  for (const { condition } of added) push(at, 'added', `gains condition ${text(condition)}`);
  for (const { condition } of removed) push(at, 'removed', `loses condition ${text(condition)}`);
}

interface Positioned {
  condition: PolicyCondition;
  index: number;
}

/** Each distinct condition once (its first place), with its index in the rule's list. */
function positioned(conditions: readonly PolicyCondition[]): Positioned[] {
  const byKey = new Map<string, Positioned>();
  conditions.forEach((condition, index) => {
    const key = canonicalJson(condition);
    if (!byKey.has(key)) byKey.set(key, { condition, index });
  });
  return [...byKey.values()];
}

/** Lost and gained conditions that are one value changed: the same type and operator at the same place, else the only pair of their type and operator. */
function changedValues(removed: readonly Positioned[], added: readonly Positioned[]): Array<[Positioned, Positioned]> {
  const kind = ({ condition }: Positioned): string => `${condition.type} ${'operator' in condition ? String(condition.operator) : ''}`;
  const pairs: Array<[Positioned, Positioned]> = [];
  const taken = new Set<Positioned>();
  const pair = (old: Positioned, next: Positioned | undefined): void => {
    if (next === undefined) return;
    pairs.push([old, next]);
    taken.add(old).add(next);
  };
  for (const old of removed)
    pair(
      old,
      added.find((next) => next.index === old.index && kind(next) === kind(old)),
    );
  const left = (side: readonly Positioned[], like: Positioned) => side.filter((item) => !taken.has(item) && kind(item) === kind(like));
  for (const old of removed.filter((item) => !taken.has(item))) {
    const [olds, nexts] = [left(removed, old), left(added, old)];
    if (olds.length === 1 && nexts.length === 1) pair(old, nexts[0]);
  }
  return pairs;
}

/**
 * A changed condition in core's words: a plain value as `risk_score <` 40 → 35; a window, a list,
 * an attribute comparison or a nested condition whole, before → after.
 */
function valueChangeText(before: PolicyCondition, after: PolicyCondition): string {
  const words = describeCondition(before);
  const scalar = (value: unknown): value is string | number | boolean | null => value === null || typeof value !== 'object';
  if (scalar(before.value) && scalar(after.value) && words.endsWith(` ${String(before.value)}`))
    return `\`${words.slice(0, -String(before.value).length - 1)}\` ${String(before.value)} → ${String(after.value)}`;
  const nowWords = describeCondition(after);
  return words === nowWords ? `\`${words}\` (value ${shown(before.value)} → ${shown(after.value)})` : `\`${words}\` → \`${nowWords}\``;
}

/** A condition as plan and diff name it: core's words (`risk_score < 50`, `resource.attributes.owner equals principal.id`). */
export function conditionText(condition: PolicyCondition): string {
  return `\`${describeCondition(condition)}\``;
}

export function ruleSummary(rule: PolicyRule): string {
  const required = (attributes: RequiredAttributes | undefined): string[] =>
    Object.keys(attributes ?? {})
      .sort()
      .map((name) => `${name}∈{${(own(attributes!, name) ?? []).join(',')}}`);
  const principal = [rule.principals.type, ...required(rule.principals.attributes)].join(' ');
  const resource = [`${rule.resources.type} [${rule.resources.identifiers.join(', ')}]`, ...required(rule.resources.attributes)].join(' ');
  const conditions = (rule.conditions ?? []).length > 0 ? ` when ${(rule.conditions ?? []).map(conditionText).join(' and ')}` : '';
  return `${rule.effect} ${principal} ${rule.actions.join(',')} on ${resource}${conditions}`;
}

/** The keys of either, in canonicalJson's order (UTF-16 code units), whatever order each was written in. */
function unionKeys(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((key) => own(a, key) !== undefined || own(b, key) !== undefined).sort();
}

/** A changed value's `before` and `after`, their keys in canonical order. */
function change(before: unknown, after: unknown): { before: unknown; after: unknown } {
  return { before: canonicalValue(before), after: canonicalValue(after) };
}

function canonicalValue(value: unknown): unknown {
  return value !== null && typeof value === 'object' ? JSON.parse(canonicalJson(value)) : value;
}

/** A key's own value: names such as `constructor` or `__proto__` are data here, never Object.prototype's. */
function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const values = new Set(a);
  const others = new Set(b);
  return values.size === others.size && [...values].every((value) => others.has(value));
}

function same(a: unknown, b: unknown): boolean {
  return canonicalJson(a ?? null) === canonicalJson(b ?? null);
}

function shown(value: unknown): string {
  return `\`${canonicalJson(value ?? null)}\``;
}

function quoted(value: string): string {
  return JSON.stringify(value);
}
