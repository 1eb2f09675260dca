import { eventTypes } from '../../../../events/catalog.js';
import type { AuditEvent } from '../../../../../../core/src/index.js';
import { canonicalJson } from '../../../../../../core/src/index.js';

/** Every policy.* event type of the catalog. */
export const policyEventTypes = eventTypes.filter((type) => type.startsWith('policy.'));

/** Fields that change with every write, so they say nothing about what was changed. */
const bookkeeping = new Set(['version', 'updated_at', 'updated_by']);

/** One row per policy change: who, when, from where, and which fields (schemas/audit-report-policy-change-history.json). */
export function policyChangeRow(event: AuditEvent): Record<string, unknown> {
  const before = asRecord(event.change?.before);
  const after = asRecord(event.change?.after);
  const version = after?.version ?? before?.version;
  return {
    sequence: event.sequence,
    event_id: event.id,
    time: event.time,
    type: event.type,
    policy_id: event.target.id,
    policy_name: (after?.name ?? before?.name ?? null) as string | null,
    version: typeof version === 'number' ? version : null,
    actor_subject: event.actor.subject,
    actor_client_id: event.actor.client_id,
    actor_token_kind: event.actor.token_kind,
    request_id: event.request.id,
    source_ip: event.request.ip,
    changed_fields: changedFields(before, after),
  };
}

/** Top-level fields whose values differ; none for a creation (there is no before). */
export function changedFields(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string[] {
  if (!before || !after) return [];
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => !bookkeeping.has(name) && canonicalJson(before[name] ?? null) !== canonicalJson(after[name] ?? null)).sort();
}

/** The compliance tags of a policy snapshot: metadata.compliance, when it is a list of strings. */
export function complianceTags(policy: Record<string, unknown> | null): string[] {
  const tags = asRecord(policy?.metadata)?.compliance;
  return Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [];
}

export function asRecord(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}
