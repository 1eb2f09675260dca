import type { ReportKind, ReportRowInput } from '../kind.js';

const byTotal = 'counter_1 + counter_2 DESC, key COLLATE "C"';
const allowDeny = { counter_1: 'allow', counter_2: 'deny', total: 'total' } as const;

/**
 * access_summary: the decision.evaluated events of the period counted by decision (the totals),
 * resource type, action and principal, and the (principal, resource, action) most often denied.
 * counter_1 counts allows, counter_2 denials.
 */
export const accessSummary: ReportKind = {
  kind: 'access_summary',
  source: { chain: 'decision', types: ['decision.evaluated'] },
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
    for (const event of events) {
      const data = event.data as { decision?: string; principal?: { id?: string | null; type?: string }; resource?: { type?: string; identifier?: string }; action?: string };
      const allow = data.decision === 'allow' ? 1 : 0;
      const deny = 1 - allow;
      const principalId = data.principal?.id ?? null;
      const principalType = data.principal?.type ?? '';
      const resourceType = data.resource?.type ?? '';
      const action = data.action ?? '';
      totals.evaluated++;
      totals.allow += allow;
      totals.deny += deny;
      add('by_resource_type', [resourceType], { resource_type: resourceType }, allow, deny);
      add('by_action', [action], { action }, allow, deny);
      add('by_principal', [principalType, principalId], { principal_id: principalId, principal_type: principalType }, allow, deny);
      if (deny) {
        const resource = data.resource?.identifier ?? '';
        add('top_denied', [principalType, principalId, resourceType, resource, action], { principal_id: principalId, principal_type: principalType, resource_type: resourceType, resource, action }, 0, 1);
      }
    }
    return { rows: [...rows.values()], totals };
  },
  csvTotalsRow: (totals) => ({ allow: totals.allow, deny: totals.deny, total: totals.evaluated }),
};
