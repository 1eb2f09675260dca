import { annotation } from '../policy-files/report/github.js';
import { renderJunit, type JunitCase } from '../policy-files/report/junit.js';
import { cell, commentMarker, fitted, MARKDOWN_LIMIT, withMarker } from '../policy-files/report/markdown.js';
import { plural, type Paint } from '../policy-files/report/outcome.js';
import { renderSarif } from '../policy-files/report/sarif.js';
import type { PolicyAccess } from './access.js';
import { accessGithub, accessHuman, accessManualSection, accessMarkdown, accessSarif, accessSarifRules, exampleLine, verdictText } from './access-report.js';
import type { FolderPolicyDiff } from './folder-diff.js';

/**
 * `acctl policy diff` of two folders or refs in each --format, as plan's reports (plan-report.ts):
 * the access block first (a widening is what a reviewer must not scroll past), then each policy
 * that differs. Pure: the diff in, text out. `at` places a policy: its `name` line in the second
 * side's files (the first side's for a removed one), for annotations and SARIF.
 */
export interface FolderDiffShown {
  from: string;
  to: string;
  policies: FolderPolicyDiff[];
  access: PolicyAccess;
}

export type PolicyPlace = (policy: FolderPolicyDiff) => { file: string; line: number; col: number } | undefined;

const marks: Record<FolderPolicyDiff['action'], string> = { added: '+', removed: '-', changed: '~' };

/** "Diff: 1 added, 2 changed, 0 removed." */
export function diffSummaryLine(diff: FolderDiffShown): string {
  const count = (action: FolderPolicyDiff['action']) => diff.policies.filter((policy) => policy.action === action).length;
  return `Diff: ${count('added')} added, ${count('changed')} changed, ${count('removed')} removed.`;
}

function details(policy: FolderPolicyDiff): string[] {
  if (policy.action === 'added') return ['only in the second side: a new policy'];
  if (policy.action === 'removed') return ['only in the first side: gone from the second'];
  return policy.changes.map((entry) => entry.text);
}

export function diffHuman(diff: FolderDiffShown, paint: Paint): string {
  const colour = { added: paint.green, removed: paint.red, changed: paint.yellow };
  const lines = [paint.red(`--- ${diff.from}`), paint.green(`+++ ${diff.to}`), ...accessHuman(diff.access, paint)];
  if (diff.policies.length === 0) lines.push(paint.dim('No differences.'));
  for (const policy of diff.policies)
    lines.push(
      `${colour[policy.action](`${marks[policy.action]} ${policy.action}`)} ${paint.bold(policy.name)}`,
      ...policy.changes.map((entry) => `    ${entry.text}`),
    );
  return `${lines.join('\n')}\n`;
}

/** Workflow annotations: the access block's (a widening an error at its rule), a notice at each policy that differs, then the summary. */
export function diffGithub(diff: FolderDiffShown, place: PolicyPlace): string {
  const lines = accessGithub(diff.access, 'acctl policy diff');
  for (const policy of diff.policies)
    lines.push(annotation('notice', details(policy).join('\n'), { ...place(policy), title: `acctl policy diff: ${policy.action} ${policy.name}` }));
  lines.push(diffSummaryLine(diff));
  return `${lines.join('\n')}\n`;
}

/** A pull-request comment, as plan's: verdict and table first, each policy's differences folded below, ending with its marker. */
export function diffMarkdown(diff: FolderDiffShown, limit = MARKDOWN_LIMIT): string {
  const icon = diff.access.widens !== false ? '🚨' : diff.policies.length > 0 ? '📝' : '✅';
  let head = `### ${icon} acctl policy diff\n\n\`${cell(diff.from)}\` → \`${cell(diff.to)}\`\n\n${accessMarkdown(diff.access)}**${diffSummaryLine(diff)}**\n`;
  if (diff.policies.length > 0) {
    head += '\n| | Policy | Change |\n| --- | --- | --- |\n';
    for (const policy of diff.policies.slice(0, 50))
      head += `| ${marks[policy.action]} | \`${cell(policy.name)}\` | ${policy.action}${policy.action === 'changed' ? ` (${plural(policy.changes.length, 'difference')})` : ''} |\n`;
    if (diff.policies.length > 50) head += `\n…and ${plural(diff.policies.length - 50, 'more policy', 'more policies')}.\n`;
  }
  const entries = diff.policies.map(
    (policy) =>
      `**${marks[policy.action]} ${policy.action} \`${cell(policy.name)}\`**\n\n${details(policy)
        .map((detail) => `- ${detail}`)
        .join('\n')}\n`,
  );
  return withMarker(fitted(head, `Details (${entries.length})`, entries, limit), commentMarker('diff', { from: diff.from, to: diff.to }));
}

/** One test case per policy that differs (passing, with its differences), and one for access: it fails when access widens or could not be decided. */
export function diffJunit(diff: FolderDiffShown, place: PolicyPlace): string {
  const widens = diff.access.widens;
  const access: JunitCase = { name: 'access', classname: 'acctl policy diff' };
  if (widens !== false) {
    const examples = diff.access.examples.filter((example) => example.direction === 'widens').map(exampleLine);
    access.failure = { message: verdictText(diff.access, 'widens'), type: widens === true ? 'access-widens' : 'access-undecided', body: examples.join('\n') };
  }
  const cases = diff.policies.map((policy): JunitCase => {
    const at = place(policy);
    return {
      name: policy.name,
      classname: 'acctl policy diff',
      ...(at ? { file: at.file, line: at.line } : {}),
      systemOut: [policy.action, ...details(policy)].join('\n'),
    };
  });
  return renderJunit('acctl policy diff', [{ name: 'acctl policy diff', cases: [access, ...cases] }]);
}

/** SARIF 2.1.0: the access results only (plan's rules), since a policy that differs is no finding; an undecided verdict goes to `fallback`. */
export function diffSarif(diff: FolderDiffShown, version: string, fallback?: { file: string; line: number; col: number }): string {
  return renderSarif(version, [{ rules: accessSarifRules, ...accessManualSection }], accessSarif(diff.access), { fallback });
}
