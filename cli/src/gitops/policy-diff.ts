import { canonicalJson, describeCondition } from '../../../core/src/index.js';
import type { PolicyCondition, PolicyRule } from '../../../core/src/index.js';
import type { PolicyContent } from './desired.js';

/**
 * A field-level diff of two policies, in sentences a reviewer reads ("rule 2 gains action `write`").
 * Pure. Rules are numbered from 1 in the text, as people count; `rule_index` is the engine's
 * zero-based index in the newer policy (the older one for a removed rule).
 */
export interface DiffEntry {
  /** Where: `name`, `status`, `metadata.owner`, `rules[1].actions`, ... (JSON-path-like, zero-based). */
  path: string;
  kind: 'added' | 'removed' | 'changed';
  text: string;
  rule_index?: number;
}

export function diffPolicies(before: PolicyContent, after: PolicyContent): DiffEntry[] {
  const entries: DiffEntry[] = [];
  for (const field of ['name', 'status', 'description'] as const) {
    if (before[field] !== after[field]) entries.push({ path: field, kind: 'changed', text: `${field} ${quoted(before[field])} → ${quoted(after[field])}` });
  }
  entries.push(...diffMetadata(before.metadata as Record<string, unknown>, after.metadata as Record<string, unknown>), ...diffRules(before.rules, after.rules));
  return entries;
}

function diffMetadata(before: Record<string, unknown>, after: Record<string, unknown>): DiffEntry[] {
  const entries: DiffEntry[] = [];
  for (const key of unionKeys(before, after)) {
    if (key === 'provenance') continue; // who applied it, not what it says
    const path = `metadata.${key}`;
    if (before[key] === undefined) entries.push({ path, kind: 'added', text: `${path} set to ${shown(after[key])}` });
    else if (after[key] === undefined) entries.push({ path, kind: 'removed', text: `${path} removed (was ${shown(before[key])})` });
    else if (!same(before[key], after[key])) entries.push({ path, kind: 'changed', text: `${path} ${shown(before[key])} → ${shown(after[key])}` });
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
      entries.push({ path: `rules[${index}]`, kind: 'removed', rule_index: index, text: `rule ${index + 1} removed: ${ruleSummary(rule)}` });
    for (const { rule, index } of added.slice(paired))
      entries.push({ path: `rules[${index}]`, kind: 'added', rule_index: index, text: `rule ${index + 1} added: ${ruleSummary(rule)}` });
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
  const rule = `rule ${index + 1}`;
  const at = (field: string) => `rules[${index}].${field}`;
  const entries: DiffEntry[] = [];
  const push = (path: string, kind: DiffEntry['kind'], text: string) => entries.push({ path, kind, rule_index: index, text: `${rule} ${text}` });
  if (before.effect !== after.effect) push(at('effect'), 'changed', `effect ${before.effect} → ${after.effect}`);
  if (before.principals.type !== after.principals.type)
    push(at('principals.type'), 'changed', `principal type ${before.principals.type} → ${after.principals.type}`);
  attributeChanges('principal', before.principals.attributes, after.principals.attributes, at('principals.attributes'), push);
  if (before.resources.type !== after.resources.type) push(at('resources.type'), 'changed', `resource type ${before.resources.type} → ${after.resources.type}`);
  setChanges(before.resources.identifiers, after.resources.identifiers, (kind, value) =>
    push(at('resources.identifiers'), kind, `${kind === 'added' ? 'gains' : 'loses'} resource \`${value}\``),
  );
  attributeChanges('resource', before.resources.attributes, after.resources.attributes, at('resources.attributes'), push);
  setChanges(before.actions, after.actions, (kind, value) => push(at('actions'), kind, `${kind === 'added' ? 'gains' : 'loses'} action \`${value}\``));
  conditionChanges(before.conditions ?? [], after.conditions ?? [], (kind, text) =>
    push(at('conditions'), kind, `${kind === 'added' ? 'gains' : 'loses'} condition ${text}`),
  );
  // Fields a later schema may add: compared whole.
  const known = new Set(['effect', 'principals', 'resources', 'actions', 'conditions']);
  for (const key of unionKeys(before as unknown as Record<string, unknown>, after as unknown as Record<string, unknown>)) {
    if (known.has(key)) continue;
    const was = (before as unknown as Record<string, unknown>)[key];
    const now = (after as unknown as Record<string, unknown>)[key];
    if (!same(was, now)) push(at(key), 'changed', `${key} ${shown(was)} → ${shown(now)}`);
  }
  // Same items in another order: the engine does not care, the reviewer should still see it.
  if (entries.length === 0 && !same(before, after)) push(`rules[${index}]`, 'changed', 'reordered its lists (same meaning)');
  return entries;
}

/** Reports items of `now` missing from `was` (added) and the reverse (removed), each once, in order. */
function setChanges(was: readonly string[], now: readonly string[], report: (kind: 'added' | 'removed', value: string) => void): void {
  const wasSet = new Set(was);
  const nowSet = new Set(now);
  for (const value of new Set(now)) if (!wasSet.has(value)) report('added', value);
  for (const value of new Set(was)) if (!nowSet.has(value)) report('removed', value);
}

/** What a rule's principals or resources require: attribute name → accepted values (policy-rule schema). */
type RequiredAttributes = NonNullable<PolicyRule['principals']['attributes']>;

/** The attributes a rule's principals or resources require: each name added, removed, or its values gained and lost. */
function attributeChanges(
  owner: 'principal' | 'resource',
  was: RequiredAttributes | undefined,
  now: RequiredAttributes | undefined,
  at: string,
  push: (path: string, kind: DiffEntry['kind'], text: string) => void,
): void {
  const before = was ?? {};
  const after = now ?? {};
  for (const name of unionKeys(before, after)) {
    const path = `${at}.${name}`;
    if (before[name] === undefined) push(path, 'added', `requires ${owner} attribute \`${name}\` in ${shown(after[name])}`);
    else if (after[name] === undefined) push(path, 'removed', `no longer requires ${owner} attribute \`${name}\` (was ${shown(before[name])})`);
    else
      setChanges(before[name]!, after[name]!, (kind, value) =>
        push(path, kind, `${owner} attribute \`${name}\` ${kind === 'added' ? 'gains' : 'loses'} value \`${value}\``),
      );
  }
}

/**
 * Conditions gained and lost, compared by content (canonical JSON: the order of keys is no change) and
 * named in core's words. Two that read the same (a list of blocks longer than its words show) also
 * give their value, so the reviewer sees what changed.
 */
function conditionChanges(was: readonly PolicyCondition[], now: readonly PolicyCondition[], report: (kind: 'added' | 'removed', text: string) => void): void {
  const wasKeys = new Set(was.map(canonicalJson));
  const nowKeys = new Set(now.map(canonicalJson));
  const removed = uniqueBy(was, canonicalJson).filter((condition) => !nowKeys.has(canonicalJson(condition)));
  const added = uniqueBy(now, canonicalJson).filter((condition) => !wasKeys.has(canonicalJson(condition)));
  const removedWords = new Set(removed.map(describeCondition));
  const ambiguous = new Set(added.map(describeCondition).filter((words) => removedWords.has(words)));
  const text = (condition: PolicyCondition): string => {
    const words = describeCondition(condition);
    return ambiguous.has(words) ? `\`${words}\` (value ${shown(condition.value)})` : `\`${words}\``;
  };
  for (const condition of added) report('added', text(condition));
  for (const condition of removed) report('removed', text(condition));
}

/** The first item of each key, in order. */
function uniqueBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  const byKey = new Map<string, T>();
  for (const item of items) if (!byKey.has(key(item))) byKey.set(key(item), item);
  return [...byKey.values()];
}

/** A condition as plan and diff name it: core's words (`risk_score < 50`, `resource.attributes.owner equals principal.id`). */
export function conditionText(condition: PolicyCondition): string {
  return `\`${describeCondition(condition)}\``;
}

export function ruleSummary(rule: PolicyRule): string {
  const required = (attributes: RequiredAttributes | undefined): string[] =>
    Object.entries(attributes ?? {}).map(([name, values]) => `${name}∈{${(values ?? []).join(',')}}`);
  const principal = [rule.principals.type, ...required(rule.principals.attributes)].join(' ');
  const resource = [`${rule.resources.type} [${rule.resources.identifiers.join(', ')}]`, ...required(rule.resources.attributes)].join(' ');
  const conditions = (rule.conditions ?? []).length > 0 ? ` when ${(rule.conditions ?? []).map(conditionText).join(' and ')}` : '';
  return `${rule.effect} ${principal} ${rule.actions.join(',')} on ${resource}${conditions}`;
}

function unionKeys(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((key) => a[key] !== undefined || b[key] !== undefined);
}

function same(a: unknown, b: unknown): boolean {
  return canonicalJson(a ?? null) === canonicalJson(b ?? null);
}

function shown(value: unknown): string {
  return `\`${JSON.stringify(value)}\``;
}

function quoted(value: string): string {
  return JSON.stringify(value);
}
