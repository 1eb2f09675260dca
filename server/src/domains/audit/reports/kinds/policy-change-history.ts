import type { ReportKind } from '../kind.js';
import { policyChangeRow, policyEventTypes } from './policy-changes.js';

/** policy_change_history: every policy event of the period, oldest first. */
export const policyChangeHistory: ReportKind = {
  kind: 'policy_change_history',
  source: { chain: 'change', types: policyEventTypes },
  sections: [{ name: 'changes', order: 'sort_number' }],
  csvColumns: [
    'sequence',
    'event_id',
    'time',
    'type',
    'policy_id',
    'policy_name',
    'version',
    'actor_subject',
    'actor_client_id',
    'actor_token_kind',
    'request_id',
    'source_ip',
    'changed_fields',
  ],
  emptyTotals: { changes: 0 },
  accumulate(events) {
    return {
      rows: events.map((event) => ({ section: 'changes', key: String(event.sequence), sortNumber: event.sequence, fields: policyChangeRow(event) })),
      totals: { changes: events.length },
    };
  },
};
