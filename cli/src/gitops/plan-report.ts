import { annotation } from '../policy-files/report/github.js';
import { renderJunit, type JunitCase } from '../policy-files/report/junit.js';
import { cell, commentMarker, fitted, MARKDOWN_LIMIT, withMarker } from '../policy-files/report/markdown.js';
import { plural, type Paint } from '../policy-files/report/outcome.js';
import { renderSarif, type SarifEntry } from '../policy-files/report/sarif.js';
import type { PolicyAccess } from './access.js';
import { accessGithub, accessHuman, accessManualSection, accessMarkdown, accessSarif, accessSarifRules } from './access-report.js';
import { hasChanges, type Drift, type Plan, type PlanChange } from './plan.js';

/** A plan as `acctl policy plan` shows it: with its access block (apply shows a plan without one). */
export type ShownPlan = Plan & { access?: PolicyAccess };

/**
 * `acctl policy plan` in each --format (the same five as lint and test). Pure: a Plan in, text out.
 * Unchanged policies are counted, not listed, except in json and junit.
 */

/** "Plan: 1 to create, 2 to update, 0 to delete, 11 unchanged (1 drifted)." — the line Terraform users look for. */
export function summaryLine(plan: Plan): string {
  const { summary } = plan;
  const extras = [
    summary.drifted > 0 ? `${summary.drifted} drifted` : '',
    summary.orphaned > 0 ? `${summary.orphaned} orphaned (delete with --prune)` : '',
    summary.blocked > 0 ? `${summary.blocked} blocked` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return `Plan: ${summary.create} to create, ${summary.update} to update, ${summary.delete} to delete, ${summary.unchanged} unchanged${extras ? `; ${extras}` : ''}.`;
}

export function driftText(drift: Drift): string {
  const what =
    drift.reason === 'provenance_removed' ? 'edited on the server outside acctl apply' : 'changed on the server since this repository last applied it';
  return `drifted: ${what}, by ${drift.updated_by} at ${drift.updated_at} (version ${drift.version})`;
}

const marks: Record<PlanChange['action'], string> = { create: '+', update: '~', delete: '-', unchanged: '=', blocked: '!', orphaned: '?' };

function locationText(change: PlanChange): string {
  return 'file' in change ? `${change.file}:${change.line}:${change.col}` : 'not in the files';
}

function changeDetails(change: PlanChange): string[] {
  switch (change.action) {
    case 'create':
      return change.restores
        ? [`restores the deleted policy ${change.restores.id} (version ${change.restores.expected_version}) with this content: one id, one history`]
        : [`new policy, ${plural(change.content.rules.length, 'rule')}, status ${change.content.status}`];
    case 'update':
      return [...(change.drift ? [driftText(change.drift)] : []), ...change.diff.map((entry) => entry.text)];
    case 'delete':
      return [`soft-deleted (version ${change.expected_version}): owned by this repository, no longer in its files`];
    case 'blocked':
      return [change.reason];
    case 'orphaned':
      return ['owned by this repository, no longer in its files: --prune deletes it'];
    default:
      return [];
  }
}

const listed = (plan: Plan): PlanChange[] => plan.changes.filter((change) => change.action !== 'unchanged');

export function planHuman(plan: ShownPlan, paint: Paint): string {
  const colour: Record<PlanChange['action'], (text: string) => string> = {
    create: paint.green,
    update: paint.yellow,
    delete: paint.red,
    unchanged: paint.dim,
    blocked: paint.red,
    orphaned: paint.dim,
  };
  const lines = [paint.dim(`Compared with ${plan.server}${plan.owner ? ` (ownership label ${plan.owner})` : ''}`), ''];
  // Widening first: the one change a reviewer must not scroll past.
  if (plan.access) lines.push(...accessHuman(plan.access, paint), '');
  for (const change of listed(plan)) {
    const verb = change.action === 'create' && change.restores ? 'restore' : change.action;
    lines.push(`${colour[change.action](`${marks[change.action]} ${verb.padEnd(8)}`)} ${paint.bold(change.name)} ${paint.dim(locationText(change))}`);
    for (const detail of changeDetails(change)) lines.push(`    ${detail.startsWith('drifted') ? paint.yellow(detail) : detail}`);
  }
  if (listed(plan).length > 0) lines.push('');
  lines.push(hasChanges(plan) ? paint.bold(summaryLine(plan)) : paint.green(`No changes. ${summaryLine(plan)}`));
  return `${lines.join('\n')}\n`;
}

/** Workflow annotations: access first (a widening is an error at its rule's line), then one at each policy's `name` line, then the summary line. */
export function planGithub(plan: ShownPlan): string {
  const lines: string[] = plan.access ? accessGithub(plan.access, 'acctl policy plan') : [];
  for (const change of listed(plan)) {
    const details = changeDetails(change).join('\n');
    const level = change.action === 'blocked' ? 'error' : change.action === 'update' && change.drift ? 'warning' : 'notice';
    const at = 'file' in change ? { file: change.file, line: change.line, col: change.col } : {};
    lines.push(annotation(level, details, { ...at, title: `acctl policy plan: ${change.action} ${change.name}` }));
  }
  lines.push(summaryLine(plan));
  return `${lines.join('\n')}\n`;
}

/**
 * A pull-request comment: the summary and a table first, each policy's diff folded below, within
 * GitHub's limit; it ends with its marker, `<!-- acctl:plan owner=… server=… -->` (commentMarker),
 * by which the example workflow finds and edits its own comment on a re-run.
 */
export function planMarkdown(plan: ShownPlan, limit = MARKDOWN_LIMIT): string {
  const widens = plan.access !== undefined && plan.access.widens !== false;
  const icon = plan.summary.blocked > 0 ? '❌' : widens ? '🚨' : plan.summary.drifted > 0 ? '⚠️' : hasChanges(plan) ? '📝' : '✅';
  let head = `### ${icon} acctl policy plan\n\n${plan.access ? accessMarkdown(plan.access) : ''}**${summaryLine(plan)}**\n`;
  const rows = listed(plan);
  if (rows.length > 0) {
    head += '\n| | Policy | Action | File |\n| --- | --- | --- | --- |\n';
    for (const change of rows.slice(0, 50))
      head += `| ${marks[change.action]} | \`${cell(change.name)}\` | ${change.action}${change.action === 'update' && change.drift ? ' (drifted)' : ''} | ${'file' in change ? `\`${cell(change.file)}\`` : ''} |\n`;
    if (rows.length > 50) head += `\n…and ${plural(rows.length - 50, 'more policy', 'more policies')}.\n`;
  }
  const entries = rows.map(
    (change) =>
      `**${marks[change.action]} ${change.action} \`${cell(change.name)}\`**\n\n${changeDetails(change)
        .map((detail) => `- ${detail}`)
        .join('\n')}\n`,
  );
  return withMarker(fitted(head, `Details (${entries.length})`, entries, limit), commentMarker('plan', { owner: plan.owner, server: plan.server }));
}

/** One test case per policy; a blocked one fails, a drifted one is an error (it needs a look), the rest pass with what would happen. */
export function planJunit(plan: Plan): string {
  const cases = plan.changes.map((change): JunitCase => {
    const body = changeDetails(change).join('\n');
    const base: JunitCase = { name: change.name, classname: 'acctl policy plan', ...('file' in change ? { file: change.file, line: change.line } : {}) };
    if (change.action === 'blocked') return { ...base, failure: { message: change.reason, type: 'blocked', body } };
    if (change.action === 'update' && change.drift) return { ...base, error: { message: driftText(change.drift), type: 'drifted', body } };
    return { ...base, systemOut: `${change.action}${body ? `\n${body}` : ''}` };
  });
  return renderJunit('acctl policy plan', [{ name: 'acctl policy plan', cases }]);
}

/** The rules of plan's own SARIF results beside the access ones. */
const planSarifRules = {
  'policy-blocked': { severity: 'error', summary: "The policy's name is taken on the server by a policy with another owner label: apply would fail." },
  'policy-drifted': {
    severity: 'warning',
    summary: 'The policy changed on the server since this repository last applied it: apply would overwrite that change.',
  },
} as const;

/**
 * SARIF 2.1.0 for GitHub code scanning, through lint's writer (policy-files/report/sarif.ts): each
 * widening an error at the responsible rule's line, each narrowing a warning, an undecided verdict
 * an error; then each blocked policy (error) and drifted update (warning) at its `name` line.
 * `fallback`: where a result with no place of its own goes (the folder's acctl.yaml).
 */
export function planSarif(plan: ShownPlan, version: string, fallback?: { file: string; line: number; col: number }): string {
  const entries: SarifEntry[] = plan.access ? accessSarif(plan.access) : [];
  for (const change of plan.changes) {
    const drifted = change.action === 'update' && change.drift !== undefined;
    if (change.action !== 'blocked' && !drifted) continue;
    entries.push({
      ruleId: drifted ? 'policy-drifted' : 'policy-blocked',
      level: drifted ? 'warning' : 'error',
      message: `${change.name}: ${changeDetails(change).join('\n')}`,
      ...('file' in change ? { at: { file: change.file, line: change.line, col: change.col } } : {}),
      fingerprint: change.name,
    });
  }
  return renderSarif(
    version,
    [
      { rules: accessSarifRules, ...accessManualSection },
      { rules: planSarifRules, ...accessManualSection },
    ],
    entries,
    { fallback },
  );
}

/**
 * What `acctl policy apply` asks in a terminal after showing the plan, in Terraform's words ("Do you
 * want to perform these actions? … Only 'yes' will be accepted to approve."), with the policies
 * --prune deletes named apart, since a deletion is the change a reviewer must not miss.
 */
export function approvalQuestion(plan: Plan, paint: Paint): string {
  const deletes = plan.changes.filter((change) => change.action === 'delete').map((change) => change.name);
  const lines = [''];
  if (deletes.length > 0) {
    lines.push(
      paint.red(paint.bold(`Warning: this deletes ${plural(deletes.length, 'policy', 'policies')} (--prune): ${deletes.join(', ')}`)),
      paint.dim('  (a soft delete: acctl policy restore brings one back)'),
      '',
    );
  }
  lines.push(
    paint.bold('Do you want to perform these actions?'),
    `  acctl will perform the actions described above on ${plan.server}.`,
    "  Only 'yes' will be accepted to approve.",
    '',
    `  ${paint.bold('Enter a value:')} `,
  );
  return lines.join('\n');
}
