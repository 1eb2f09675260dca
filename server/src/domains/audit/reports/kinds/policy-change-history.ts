import type { ReportKind } from '../kind.js';
import type { AuditActorNames, AuditEvent } from '../../../../../../core/src/index.js';
import { asRecord, policyChangeRow, policyEventTypes } from './policy-changes.js';

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
    'actor_name',
    'commit',
    'run_url',
    'request_id',
    'source_ip',
    'changed_fields',
  ],
  emptyTotals: { changes: 0 },
  actorNames: true,
  accumulate(events, _parameters, names) {
    return {
      rows: events.map((event) => ({ section: 'changes', key: String(event.sequence), sortNumber: event.sequence, fields: historyRow(event, names) })),
      totals: { changes: events.length },
    };
  },
};

/**
 * A change with who made it by name (as `acctl audit events` shows actors: actor-names.ts, the
 * name when the report ran) and, for a version `acctl policy apply` wrote, the commit and CI run
 * it recorded in metadata.provenance (null otherwise, a rollback included).
 */
function historyRow(event: AuditEvent, names: AuditActorNames): Record<string, unknown> {
  const provenance = asRecord(asRecord(asRecord(event.change?.after)?.metadata)?.provenance);
  const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
  return {
    ...policyChangeRow(event),
    actor_name: Object.hasOwn(names, event.actor.subject) ? names[event.actor.subject] : null,
    commit: text(provenance?.commit),
    run_url: text(provenance?.run_url),
  };
}
