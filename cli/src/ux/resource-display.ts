import type { Decision, Pagination, Policy, PolicyRule, PolicyVersion, Principal } from '../../../core/src/index.js';
import { keyValueLines, style, renderTable } from '../../../kit/src/index.js';

/**
 * How the resource commands show what the API answered (principals, policies, decisions, pages):
 * lines and tables, no logic.
 */

/** `2026-11-22 01:02:03` from an ISO timestamp. */
export function shortTime(iso: string | undefined | null): string {
  return iso ? iso.slice(0, 19).replace('T', ' ') : '-';
}

/** `a=1, b=x` for showing attributes on one line. */
export function formatAssignments(values: Record<string, unknown> | undefined): string {
  const entries = Object.entries(values ?? {});
  return entries.length === 0 ? '-' : entries.map(([name, value]) => `${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`).join(', ');
}

/** `page 1 of 3 (120 in all)`, for the status line under a list. */
export function describePage(pagination: Pagination): string {
  return `page ${pagination.page} of ${Math.max(pagination.pages, 1)} (${pagination.total} in all, ${pagination.per_page} per page)`;
}

export function principalLines(principal: Principal): string[] {
  return keyValueLines([
    ['id', principal.id],
    ['kind', principal.kind],
    ['name', principal.name],
    ['display name', principal.display_name ?? '-'],
    ['status', principal.status],
    ['attributes', formatAssignments(principal.attributes)],
    ['password', principal.has_password ? 'set' : 'none'],
    ['created', `${shortTime(principal.created_at)} by ${principal.created_by}`],
    ['updated', shortTime(principal.updated_at)],
    ...(principal.deleted_at ? [['deleted', shortTime(principal.deleted_at)] as const] : []),
  ]);
}

export function policyLines(policy: Policy | PolicyVersion): string[] {
  const pairs: Array<readonly [string, string]> = [
    ['id', policy.id],
    ['name', policy.name],
    ['description', policy.description || '-'],
    ['status', policy.status ?? '-'],
    ['version', String(policy.version)],
  ];
  if ('updated_at' in policy) pairs.push(['updated', `${shortTime(policy.updated_at)}${policy.updated_by ? ` by ${policy.updated_by}` : ''}`]);
  else pairs.push(['created', `${shortTime(policy.created_at)}${policy.created_by ? ` by ${policy.created_by}` : ''}`]);
  if ('deleted_at' in policy && policy.deleted_at) pairs.push(['deleted', shortTime(policy.deleted_at)]);
  pairs.push(['rules', String(policy.rules.length)]);
  const lines = keyValueLines(pairs);
  if (policy.rules.length > 0) {
    lines.push('');
    lines.push(
      renderTable(
        [
          { header: '#', value: (row: { rule: PolicyRule; index: number }) => String(row.index) },
          { header: 'EFFECT', value: (row) => row.rule.effect },
          {
            header: 'PRINCIPAL',
            value: (row) =>
              row.rule.principals.type +
              (row.rule.principals.attributes
                ? ` ${formatAssignments(Object.fromEntries(Object.entries(row.rule.principals.attributes).map(([name, values]) => [name, (values ?? []).join('|')])))}`
                : ''),
          },
          { header: 'RESOURCE', value: (row) => `${row.rule.resources.type}:${row.rule.resources.identifiers.join(',')}` },
          { header: 'ACTIONS', value: (row) => row.rule.actions.join(',') },
          { header: 'CONDITIONS', value: (row) => (row.rule.conditions ?? []).map((condition) => condition.type).join(',') || '-' },
        ],
        policy.rules.map((rule, index) => ({ rule, index })),
      ),
    );
  }
  return lines;
}

export function decisionLines(decision: Decision): string[] {
  const verdict = decision.decision === 'allow' ? style.green.bold('ALLOW') : style.red.bold('DENY');
  const lines = keyValueLines([
    ['decision', verdict],
    ['id', decision.id],
    ['explanation', decision.explanation],
    // A summary answer (a token without read:policies) names policies by id only.
    ...decision.matched_rules.map(
      (rule) =>
        [
          'matched',
          `${rule.effect} ${rule.policy_name ?? rule.policy_id} v${rule.policy_version} rule ${rule.rule_index}${rule.conditions_met.length > 0 ? ` (${rule.conditions_met.join(', ')})` : ''}`,
        ] as const,
    ),
    ...decision.reasons.map((reason) => ['reason', reason] as const),
  ]);
  return lines;
}
