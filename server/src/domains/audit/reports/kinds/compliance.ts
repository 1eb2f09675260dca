import type { ReportKind, ReportRowInput } from '../kind.js';
import { asRecord, complianceTags, policyChangeRow, policyEventTypes } from './policy-changes.js';

/**
 * compliance: policies grouped by their metadata.compliance tags. `changes`: every change of the
 * period to a policy that carried the tag before or after it (removing a tag is a change that
 * matters to that tag). `policies`: the live policies under each tag when the report runs.
 * `tags`: per tag, counter_1 counts changes and counter_2 policies.
 */
export const compliance: ReportKind = {
  kind: 'compliance',
  source: { chain: 'change', types: policyEventTypes },
  sections: [
    { name: 'tags', order: 'sort_text COLLATE "C"', counters: { counter_1: 'changes', counter_2: 'policies' } },
    { name: 'policies', order: `sort_text COLLATE "C", fields->>'policy_name' COLLATE "C", key COLLATE "C"` },
    { name: 'changes', order: 'sort_text COLLATE "C", sort_number' },
  ],
  csvColumns: [
    'tag',
    'policies',
    'changes',
    'policy_id',
    'policy_name',
    'status',
    'version',
    'updated_at',
    'updated_by',
    'sequence',
    'event_id',
    'time',
    'type',
    'actor_subject',
    'actor_client_id',
    'actor_token_kind',
    'request_id',
    'source_ip',
    'changed_fields',
  ],
  emptyTotals: { tags: 0, policies: 0, changes: 0 },
  accumulate(events, parameters) {
    const rows: ReportRowInput[] = [];
    for (const event of events) {
      const tags = new Set([...complianceTags(asRecord(event.change?.before)), ...complianceTags(asRecord(event.change?.after))]);
      for (const tag of tags) {
        if (parameters.tags && !parameters.tags.includes(tag)) continue;
        rows.push({
          section: 'changes',
          key: `${event.sequence}:${tag}`,
          sortText: tag,
          sortNumber: event.sequence,
          fields: { tag, ...policyChangeRow(event) },
        });
      }
    }
    return { rows, totals: { changes: rows.length } };
  },
  async finalize(trx, reportId, parameters) {
    await trx.raw(
      `INSERT INTO audit_report_rows (report_id, section, key, sort_text, fields)
       SELECT ?, 'policies', p.id || ':' || t.tag, t.tag, jsonb_build_object(
         'tag', t.tag, 'policy_id', p.id, 'policy_name', p.name, 'status', p.status, 'version', p.version,
         'updated_at', to_char(p.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'updated_by', p.updated_by)
       FROM policies p
       CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(p.metadata->'compliance') = 'array' THEN p.metadata->'compliance' ELSE '[]'::jsonb END) AS e(value)
       CROSS JOIN LATERAL (SELECT e.value #>> '{}' AS tag) AS t
       WHERE p.status <> 'deleted' AND jsonb_typeof(e.value) = 'string' AND (?::text[] IS NULL OR t.tag = ANY(?::text[]))
       ON CONFLICT DO NOTHING`,
      [reportId, parameters.tags, parameters.tags],
    );
    await trx.raw(
      `INSERT INTO audit_report_rows (report_id, section, key, sort_text, counter_1, counter_2, fields)
       SELECT ?, 'tags', s.tag, s.tag, sum(s.changes), sum(s.policies), jsonb_build_object('tag', s.tag)
       FROM (SELECT sort_text AS tag, 1 AS changes, 0 AS policies FROM audit_report_rows WHERE report_id = ? AND section = 'changes'
             UNION ALL
             SELECT sort_text, 0, 1 FROM audit_report_rows WHERE report_id = ? AND section = 'policies') s
       GROUP BY s.tag`,
      [reportId, reportId, reportId],
    );
    const counts = (await trx.raw(
      `SELECT count(*) FILTER (WHERE section = 'tags') AS tags, count(DISTINCT fields->>'policy_id') FILTER (WHERE section = 'policies') AS policies FROM audit_report_rows WHERE report_id = ?`,
      [reportId],
    )) as { rows: Array<{ tags: number; policies: number }> };
    return { tags: Number(counts.rows[0]!.tags), policies: Number(counts.rows[0]!.policies) };
  },
};
