import { policyContentHash, precompiledValidator } from '../../../core/src/index.js';
import type { SchemaValidator } from '../../../core/src/index.js';
import { overLimitReason, readFileBounded } from '../bounded-input.js';
import { UsageError } from '../../../kit/src/index.js';
import { summarize, type Plan, type PlanChange, type PlanSummary } from './plan.js';

/**
 * The largest saved plan read: 64 MiB. What a plan changes is at most a change set (32 MiB, core's
 * policySetLimits), which apply sends whole; twice that leaves room for the plan's own fields.
 */
const maxSavedPlanBytes = 67_108_864;

/** How many problems the one-line refusal names (the first ones, in file order). */
const PROBLEMS_SHOWN = 3;

/**
 * The one reader of a plan saved by `acctl policy plan --out`: every path that carries one out
 * (apply, apply --dry-run) loads it here. A plan file passes through CI storage and people's hands,
 * so it is hostile input, as Terraform holds a plan file to its own format: it must match its schema
 * (schemas/cli/policy-plan-file.json), then agree with itself (savedPlanProblems). Otherwise it is
 * refused, naming the first problems and the file, with usage_error (exit 2), before any request.
 * The summary it returns is counted from the changes, never read from the file.
 */
export function readSavedPlan(file: string): Plan {
  const input = readFileBounded(file, maxSavedPlanBytes);
  if (input.over !== undefined) throw new UsageError(`${file} is not read: ${overLimitReason(input.over)} of a saved plan; nothing was sent`);
  let document: unknown;
  try {
    document = JSON.parse(input.bytes.toString('utf8'));
  } catch (error) {
    throw new UsageError(`${file} is not JSON: ${(error as Error).message}; nothing was sent`);
  }
  const validate = precompiledValidator('cli/policy-plan-file');
  const problems = validate(document) ? savedPlanProblems(document as Plan) : schemaProblems(validate, document);
  if (problems.length > 0) {
    const more = problems.length > PROBLEMS_SHOWN ? `; and ${problems.length - PROBLEMS_SHOWN} more` : '';
    throw new UsageError(
      `${file} is not a plan as acctl policy plan --out wrote it (edited since?): ${problems.slice(0, PROBLEMS_SHOWN).join('; ')}${more}; nothing was sent`,
      ['Make the plan again with acctl policy plan --out, review it, and apply that file unedited'],
    );
  }
  const { format_version: _formatVersion, ...plan } = document as Plan & { format_version?: string };
  return { ...plan, summary: summarize(plan.changes) };
}

/**
 * What makes a plan that matches its schema disagree with itself, as computePlan never writes one:
 * a summary that does not count its changes, a delete in a plan made without --prune (or without an
 * owner label), a change whose fields do not fit its action, a name or id given twice. Pure.
 */
export function savedPlanProblems(plan: Plan): string[] {
  const problems: string[] = [];
  const counted = summarize(plan.changes);
  const differing = (Object.keys(counted) as Array<keyof PlanSummary>).filter((key) => plan.summary[key] !== counted[key]);
  if (differing.length > 0)
    problems.push(`its summary does not count its changes (${differing.map((key) => `${key} ${plan.summary[key]}, counted ${counted[key]}`).join(', ')})`);
  const names = new Set<string>();
  const ids = new Set<string>();
  for (const change of plan.changes) {
    const what = `change "${change.name}" (${change.action})`;
    if (names.has(change.name)) problems.push(`${what}: the name is given twice`);
    names.add(change.name);
    if ('id' in change) {
      if (ids.has(change.id)) problems.push(`${what}: the id ${change.id} is given twice`);
      ids.add(change.id);
    }
    problems.push(...changeProblems(plan, change).map((problem) => `${what}: ${problem}`));
  }
  return problems;
}

function changeProblems(plan: Pick<Plan, 'prune' | 'owner'>, change: PlanChange): string[] {
  switch (change.action) {
    case 'delete':
      if (!plan.prune) return ['a plan made without --prune deletes nothing'];
      return plan.owner === null ? ['a plan without an owner label deletes nothing'] : [];
    case 'orphaned':
      return plan.prune ? ['a plan made with --prune deletes what it orphans'] : [];
    case 'create':
    case 'update': {
      const problems: string[] = [];
      if (change.content.name !== change.name) problems.push(`its content is named "${change.content.name}"`);
      if (policyContentHash(change.content) !== change.content_hash) problems.push('its content_hash is not the hash of its content');
      if (plan.owner !== null && change.content.metadata.managed_by !== plan.owner)
        problems.push(`its content is not labelled with the plan's owner "${plan.owner}"`);
      return problems;
    }
    default:
      return [];
  }
}

/**
 * Ajv's errors as sentences, without the noise of the change union: a change is checked against
 * each action's shape (oneOf), so its errors under the shapes of other actions (those whose `action`
 * const it fails) say nothing about it, and are left out.
 */
function schemaProblems(validate: SchemaValidator, document: unknown): string[] {
  const errors = validate.errors ?? [];
  const otherShape = new Set<string>();
  for (const error of errors) {
    const shape = /^(.*\/oneOf\/\d+)\/properties\/action\/const$/.exec(error.schemaPath);
    if (shape) otherShape.add(`${error.instancePath.replace(/\/action$/, '')} ${shape[1]}`);
  }
  // Properties a shape does not allow, one sentence per object rather than one per property.
  const extras = new Map<string, string[]>();
  const problems = errors.flatMap((error) => {
    const shape = /^(.*\/oneOf\/\d+)\//.exec(error.schemaPath);
    if (shape && [...otherShape].some((key) => key === `${error.instancePath.match(/^\/changes\/\d+/)?.[0] ?? ''} ${shape[1]}`)) return [];
    if (error.keyword === 'oneOf') return [];
    const where = error.instancePath === '' ? 'the plan' : error.instancePath;
    if (error.keyword === 'additionalProperties') {
      const known = extras.get(where);
      extras.set(where, [...(known ?? []), String(error.params.additionalProperty)]);
      return known === undefined ? [where] : [];
    }
    return [`${where} ${error.message ?? 'is invalid'}`];
  });
  const action = (where: string): string => {
    const index = /^\/changes\/(\d+)$/.exec(where)?.[1];
    const change = index === undefined ? undefined : (document as { changes?: Array<{ action?: unknown }> }).changes?.[Number(index)];
    return change === undefined ? '' : ` (${String(change.action)})`;
  };
  const sentences = problems.map((problem) => {
    const extra = extras.get(problem);
    return extra === undefined ? problem : `${problem}${action(problem)} has properties its shape does not allow: ${extra.join(', ')}`;
  });
  if (sentences.length > 0) return [...new Set(sentences)];
  // Every error was under another action's shape: the action is none of them.
  const unknown = (document as { changes?: Array<{ action?: unknown }> }).changes?.findIndex(
    (change) => !['create', 'update', 'unchanged', 'blocked', 'delete', 'orphaned'].includes(String(change?.action)),
  );
  return [unknown !== undefined && unknown >= 0 ? `/changes/${unknown}/action is not an action of a plan` : 'the plan does not match its schema'];
}
