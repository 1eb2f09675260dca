import type { AuditEvent } from '../../../../../../core/src/index.js';
import type { DecisionsRecordedData } from '../../decision-digest.js';
import type { ReportKind, ReportRowInput } from '../kind.js';

const byTotal = 'counter_1 + counter_2 DESC, key COLLATE "C"';
const allowDeny = { counter_1: 'allow', counter_2: 'deny', total: 'total' } as const;

/**
 * access_summary: the decisions of the period, as decision.evaluated events or listed by
 * decisions.recorded events (auditDecisionEvents `digest`), counted by decision (the totals),
 * resource type, action and principal, and the (principal, resource, action) most often denied.
 * counter_1 counts allows, counter_2 denials.
 */
export const accessSummary: ReportKind = {
  kind: 'access_summary',
  source: { chain: 'decision', types: ['decision.evaluated', 'decisions.recorded'] },
  sections: [
    { name: 'by_resource_type', order: byTotal, counters: allowDeny },
    { name: 'by_action', order: byTotal, counters: allowDeny },
    { name: 'by_principal', order: byTotal, counters: allowDeny },
    { name: 'top_denied', order: 'counter_2 DESC, key COLLATE "C"', limit: 10, counters: { counter_2: 'deny' } },
  ],
  csvColumns: ['resource_type', 'action', 'principal_id', 'principal_type', 'resource', 'allow', 'deny', 'total'],
  emptyTotals: { evaluated: 0, allow: 0, deny: 0 },
  accumulate(events) {
    // Summed per chunk first: one upsert statement may not touch the same key twice.
    const rows = new Map<string, ReportRowInput>();
    const add = (section: string, group: unknown[], fields: Record<string, unknown>, allow: number, deny: number): void => {
      const key = JSON.stringify(group);
      const row = rows.get(`${section} ${key}`) ?? { section, key, counter1: 0, counter2: 0, fields };
      row.counter1! += allow;
      row.counter2! += deny;
      rows.set(`${section} ${key}`, row);
    };
    const totals = { evaluated: 0, allow: 0, deny: 0 };
    for (const { decision, principalId, principalType, resourceType, resource, action } of decisionsOf(events)) {
      const allow = decision === 'allow' ? 1 : 0;
      const deny = 1 - allow;
      totals.evaluated++;
      totals.allow += allow;
      totals.deny += deny;
      add('by_resource_type', [resourceType], { resource_type: resourceType }, allow, deny);
      add('by_action', [action], { action }, allow, deny);
      add('by_principal', [principalType, principalId], { principal_id: principalId, principal_type: principalType }, allow, deny);
      if (deny) {
        add(
          'top_denied',
          [principalType, principalId, resourceType, resource, action],
          { principal_id: principalId, principal_type: principalType, resource_type: resourceType, resource, action },
          0,
          1,
        );
      }
    }
    return { rows: [...rows.values()], totals };
  },
  csvTotalsRow: (totals) => ({ allow: totals.allow, deny: totals.deny, total: totals.evaluated }),
};

interface CountedDecision {
  decision: string | undefined;
  principalId: string | null;
  principalType: string;
  resourceType: string;
  resource: string;
  action: string;
}

/** The decisions an event stands for: one for decision.evaluated, each one listed for decisions.recorded. */
function* decisionsOf(events: readonly AuditEvent[]): Generator<CountedDecision> {
  for (const event of events) {
    if (event.type === 'decisions.recorded') {
      for (const entry of (event.data as Partial<DecisionsRecordedData>).decisions ?? []) {
        yield {
          decision: entry.decision,
          principalId: entry.principal_id ?? null,
          principalType: entry.principal_type ?? '',
          resourceType: entry.resource_type ?? '',
          resource: entry.resource ?? '',
          action: entry.action ?? '',
        };
      }
      continue;
    }
    const data = event.data as {
      decision?: string;
      principal?: { id?: string | null; type?: string };
      resource?: { type?: string; identifier?: string };
      action?: string;
    };
    yield {
      decision: data.decision,
      principalId: data.principal?.id ?? null,
      principalType: data.principal?.type ?? '',
      resourceType: data.resource?.type ?? '',
      resource: data.resource?.identifier ?? '',
      action: data.action ?? '',
    };
  }
}
