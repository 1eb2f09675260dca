import {
  conditionLimitProblems,
  describeCondition,
  findRuleRequest,
  isIanaTimeZone,
  principalTypes,
  showHidden,
  reachableTruths,
} from '../../../core/src/index.js';
import { didYouMean, nearestName } from '../../../kit/src/index.js';
import type { PolicyCondition, PolicyCreateRequest, PolicyRule } from '../../../core/src/index.js';
import { findingAt, type Finding } from './findings.js';
import { positionOf } from './source.js';
import { spanAt, type ParsedFile } from './yaml-file.js';

/** A policy file that parsed and matches the policy schema: its data, and the file for positions. */
export interface PolicyFile {
  file: ParsedFile;
  policy: PolicyCreateRequest;
}

/**
 * The checks that need more than the schema, over every policy file linted together: duplicate names
 * among all policy files that have a name (valid or not), the rest among valid policies.
 */
export function checkPolicies(files: readonly ParsedFile[], policies: readonly PolicyFile[]): Finding[] {
  return [
    ...duplicateNames(files),
    ...policies.flatMap((entry) => [
      ...unknownPrincipalTypes(entry),
      ...emptyTimeWindows(entry),
      ...conditionsOverLimits(entry),
      ...impossibleConditions(entry),
      ...duplicateRules(entry),
      ...shadowedAllowRules(entry, policies),
    ]),
  ];
}

/** A policy is identified by its name, so two files may not define the same one. */
export function duplicateNames(files: readonly ParsedFile[]): Finding[] {
  const firstByName = new Map<string, ParsedFile>();
  const findings: Finding[] = [];
  for (const file of files) {
    const name = file.kind === 'policy' && file.ok ? (file.value as { name?: unknown } | null)?.name : undefined;
    if (typeof name !== 'string') continue;
    // Two spellings of one name are one name (core/src/names.ts), as the server's unique index says.
    const first = firstByName.get(name.normalize('NFC'));
    if (first === undefined) {
      firstByName.set(name.normalize('NFC'), file);
      continue;
    }
    const firstAt = { file: first.path, ...positionOf(first.lineCounter, spanAt(first.doc, ['name'])[0]) };
    findings.push(
      findingAt(
        file,
        spanAt(file.doc, ['name']),
        'duplicate-policy-name',
        `policy name \`${name}\` is already used by ${firstAt.file}:${firstAt.line}:${firstAt.col}`,
        {
          related: [firstAt],
        },
      ),
    );
  }
  return findings;
}

/**
 * A rule whose principal type is a stored principal's (USER, SERVICE, AGENT: core's principalTypes)
 * misspelt, `user` or `SERVISE`, never applies to that principal: the engine compares types exactly
 * and decisions fix a stored principal's type to its kind. Any other type is a request's own (an
 * unstored principal may be of any type), so only a near miss is a finding.
 */
function unknownPrincipalTypes({ file, policy }: PolicyFile): Finding[] {
  return policy.rules.flatMap((rule, ruleIndex) => {
    const type = rule.principals.type;
    if (principalTypes.includes(type)) return [];
    const suggestion = principalTypes.includes(type.toUpperCase()) ? type.toUpperCase() : nearestName(type, principalTypes);
    if (suggestion === undefined) return [];
    return [
      findingAt(
        file,
        spanAt(file.doc, ['rules', ruleIndex, 'principals', 'type']),
        'unknown-principal-type',
        `principal type ${showHidden(JSON.stringify(type))} is not ${suggestion}, a stored principal's type (types match exactly), so rule ${ruleIndex} never applies to ${suggestion} principals${didYouMean(suggestion)}`,
        { suggestion },
      ),
    ];
  });
}

/** A window [start, end) with start = end contains no minute (policy-condition schema; the engine says so too). */
function emptyTimeWindows({ file, policy }: PolicyFile): Finding[] {
  const findings: Finding[] = [];
  policy.rules.forEach((rule, ruleIndex) => {
    (rule.conditions ?? []).forEach((condition, conditionIndex) => {
      if (condition.type !== 'time' || condition.operator !== 'between' || condition.value.start !== condition.value.end) return;
      findings.push(
        findingAt(
          file,
          spanAt(file.doc, ['rules', ruleIndex, 'conditions', conditionIndex, 'value']),
          'empty-time-window',
          `empty time window: start and end are both ${condition.value.start}, so the condition never holds and rule ${ruleIndex} never applies (remove the condition for all day)`,
        ),
      );
    });
  });
  return findings;
}

/** What the server refuses beyond the schema: any_of and not nested too deep, too many conditions in a rule (core's limits). */
function conditionsOverLimits({ file, policy }: PolicyFile): Finding[] {
  return conditionLimitProblems(policy.rules).map(({ pointer, detail }) =>
    findingAt(file, spanAt(file.doc, pointerPath(pointer)), 'conditions-too-deep', detail),
  );
}

/**
 * Conditions no request can make true, and rules no request can make apply, at any instant (core's
 * analysis, engine/analysis/satisfy.ts: candidate values and instants that stand for all, tried
 * through the engine). A rule already reported for one of its conditions, or holding a time window
 * another check reports (empty, or in a zone that is none), is not reported again as unreachable.
 */
function impossibleConditions({ file, policy }: PolicyFile): Finding[] {
  if (conditionLimitProblems(policy.rules).length > 0) return [];
  const findings: Finding[] = [];
  policy.rules.forEach((rule, ruleIndex) => {
    let reported = false;
    const check = (condition: PolicyCondition, path: Array<string | number>, where: string): void => {
      const emptyWindow = path.length === 4 && condition.type === 'time' && condition.operator === 'between' && condition.value.start === condition.value.end;
      if (emptyWindow || holdsUnknownZone(condition)) {
        reported = true; // empty-time-window or unknown-time-zone says so
        return;
      }
      const truths = reachableTruths(condition);
      if (truths !== undefined && !truths.has('true')) {
        reported = true;
        findings.push(
          findingAt(
            file,
            spanAt(file.doc, path),
            'condition-never-holds',
            `${where} (${describeCondition(condition)}) can never hold: no request makes it true${where.startsWith('condition') ? `, so ${rule.effect === 'allow' ? `rule ${ruleIndex} never applies` : `rule ${ruleIndex} applies only when a value it reads is missing`}` : ''}`,
          ),
        );
      }
      if (condition.type === 'any_of') condition.value.forEach((branch, index) => check(branch, [...path, 'value', index], `branch ${index} of this any_of`));
    };
    (rule.conditions ?? []).forEach((condition, index) => check(condition, ['rules', ruleIndex, 'conditions', index], `condition ${index}`));
    if (reported || rule.effect !== 'allow' || (rule.conditions ?? []).length < 2) return;
    if (findRuleRequest(rule) === null) {
      findings.push(
        findingAt(
          file,
          spanAt(file.doc, ['rules', ruleIndex, 'conditions']),
          'unreachable-rule',
          `rule ${ruleIndex} can never apply: its conditions contradict each other (${(rule.conditions ?? []).map(describeCondition).join('; and ')}), so no request makes them all true`,
        ),
      );
    }
  });
  return findings;
}

/** Whether a time window of the condition (nested ones included) names a zone that is none: the engine reads it as unknown at every instant. */
function holdsUnknownZone(condition: PolicyCondition): boolean {
  if (condition.type === 'time') return condition.operator === 'between' && !isIanaTimeZone(condition.value.timezone);
  if (condition.type === 'not') return holdsUnknownZone(condition.value);
  if (condition.type === 'any_of') return condition.value.some(holdsUnknownZone);
  return false;
}

/** A JSON Pointer as document path segments (numbers for array indexes). */
function pointerPath(pointer: string): Array<string | number> {
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
}

/** A rule identical to an earlier one of the same policy (lists compared as sets) changes nothing. */
function duplicateRules({ file, policy }: PolicyFile): Finding[] {
  const firstByShape = new Map<string, number>();
  const findings: Finding[] = [];
  policy.rules.forEach((rule, ruleIndex) => {
    const shape = canonicalRule(rule);
    const first = firstByShape.get(shape);
    if (first === undefined) {
      firstByShape.set(shape, ruleIndex);
      return;
    }
    const firstAt = locationIn({ file, policy }, ['rules', first]);
    findings.push(
      findingAt(
        file,
        spanAt(file.doc, ['rules', ruleIndex]),
        'duplicate-rule',
        `rule ${ruleIndex} is identical to rule ${first} (line ${firstAt.line}): it changes nothing`,
        {
          related: [firstAt],
        },
      ),
    );
  });
  return findings;
}

/**
 * An allow rule that can never take effect because, for each (principal type, resource type,
 * identifier pattern, action) it names, some unconditional deny rule covers it: the same principal
 * type, attribute requirements no stricter than the allow's, the same resource type, a pattern that
 * matches everything the allow's does, and the action. Denies of the same policy count; denies of
 * other policies count when both policies are active, since only then are they enforced together.
 */
function shadowedAllowRules(entry: PolicyFile, all: readonly PolicyFile[]): Finding[] {
  const denies = all.flatMap((other) => {
    if (other !== entry && !(other.policy.status === 'active' && entry.policy.status === 'active')) return [];
    return other.policy.rules.flatMap((rule, ruleIndex) =>
      rule.effect === 'deny' && (rule.conditions ?? []).length === 0 ? [{ owner: other, rule, ruleIndex }] : [],
    );
  });
  if (denies.length === 0) return [];
  const findings: Finding[] = [];
  entry.policy.rules.forEach((allow, ruleIndex) => {
    if (allow.effect !== 'allow') return;
    const covering = new Set<(typeof denies)[number]>();
    const everyTupleDenied = allow.resources.identifiers.every((pattern) =>
      allow.actions.every((action) => {
        const deny = denies.find(({ rule }) => denyCovers(rule, allow, pattern, action));
        if (deny) covering.add(deny);
        return deny !== undefined;
      }),
    );
    if (!everyTupleDenied) return;
    const related = [...covering].map(({ owner, ruleIndex: denyIndex }) => locationIn(owner, ['rules', denyIndex]));
    const names = [...covering].map(({ owner, ruleIndex: denyIndex }, index) =>
      owner === entry
        ? `rule ${denyIndex} (line ${related[index]!.line})`
        : `rule ${denyIndex} of policy \`${owner.policy.name}\` (${related[index]!.file}:${related[index]!.line})`,
    );
    findings.push(
      findingAt(
        entry.file,
        spanAt(entry.file.doc, ['rules', ruleIndex]),
        'shadowed-rule',
        `allow rule ${ruleIndex} never takes effect: everything it allows is denied unconditionally by ${names.join(' and ')}`,
        { related },
      ),
    );
  });
  return findings;
}

function denyCovers(deny: PolicyRule, allow: PolicyRule, pattern: string, action: string): boolean {
  if (deny.principals.type !== allow.principals.type || deny.resources.type !== allow.resources.type || !deny.actions.includes(action)) return false;
  // Each attribute the deny requires must be required by the allow with accepted values the deny also names.
  const allowAttributes = allow.principals.attributes ?? {};
  const attributesCovered = Object.entries(deny.principals.attributes ?? {}).every(([name, denied]) => {
    const allowed = allowAttributes[name];
    return allowed !== undefined && denied !== undefined && allowed.every((value) => denied.includes(value));
  });
  return attributesCovered && deny.resources.identifiers.some((denyPattern) => patternCovers(denyPattern, pattern));
}

/** Whether every identifier `inner` matches is matched by `outer` (identifier-pattern rules: a trailing * is a prefix). */
function patternCovers(outer: string, inner: string): boolean {
  if (!outer.endsWith('*')) return outer === inner;
  const prefix = outer.slice(0, -1);
  return inner.startsWith(prefix);
}

/** A rule as a string in which lists that are sets (actions, identifiers, accepted values) are sorted. */
function canonicalRule(rule: PolicyRule): string {
  const sorted = (values: readonly string[]): string[] => [...new Set(values)].sort();
  const attributes = Object.entries(rule.principals.attributes ?? {})
    .map(([name, values]) => [name, sorted(values ?? [])] as const)
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([
    rule.effect,
    rule.principals.type,
    attributes,
    rule.resources.type,
    sorted(rule.resources.identifiers),
    sorted(rule.actions),
    (rule.conditions ?? []).map(stableJson).sort(),
  ]);
}

/** JSON with object keys sorted at every level, so equal data gives equal text. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, child]) => `${JSON.stringify(key)}:${stableJson(child)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function locationIn(entry: PolicyFile, path: ReadonlyArray<string | number>): { file: string; line: number; col: number } {
  const { line, col } = positionOf(entry.file.lineCounter, spanAt(entry.file.doc, path)[0]);
  return { file: entry.file.path, line, col };
}
