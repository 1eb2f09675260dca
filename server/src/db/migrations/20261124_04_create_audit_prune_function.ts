import type { Knex } from 'knex';

/**
 * acctl_audit_prune_decisions(before, limit): retention's only way to delete audit events. It
 * deletes the longest run of the oldest decision events (at most `limit`, in chain order) that
 * all happened before `before`, so what remains of the decision chain is a suffix, and answers
 * the sequence and hash of the last one deleted: the anchor the caller records, in the same
 * transaction, as an audit.retention_applied event of the change chain. SECURITY DEFINER, so the
 * application's role needs EXECUTE on it and no DELETE on audit_events (README, "Append-only").
 */
export async function up(knex: Knex): Promise<void> {
  const schema = ((await knex.raw('SELECT current_schema() AS name')) as { rows: Array<{ name: string }> }).rows[0]!.name;
  await knex.raw(`
    CREATE FUNCTION acctl_audit_prune_decisions(p_before timestamptz, p_limit integer)
    RETURNS TABLE (deleted bigint, through_sequence bigint, through_hash bytea)
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ??, pg_temp AS $$
    DECLARE
      v_first_kept bigint;
    BEGIN
      -- One pruner at a time; appends are not blocked.
      PERFORM pg_advisory_xact_lock(7017561996127270254);
      SELECT min(c.seq) INTO v_first_kept
      FROM (SELECT e.seq, e.occurred_at FROM audit_events e WHERE e.chain = 'decision' ORDER BY e.seq LIMIT p_limit) c
      WHERE c.occurred_at >= p_before;
      SELECT c.seq, c.hash INTO through_sequence, through_hash
      FROM (SELECT e.seq, e.hash FROM audit_events e WHERE e.chain = 'decision' ORDER BY e.seq LIMIT p_limit) c
      WHERE v_first_kept IS NULL OR c.seq < v_first_kept
      ORDER BY c.seq DESC LIMIT 1;
      IF through_sequence IS NULL THEN
        deleted := 0;
        RETURN NEXT;
        RETURN;
      END IF;
      PERFORM set_config('acctl.audit_retention', 'on', true);
      DELETE FROM audit_events e WHERE e.chain = 'decision' AND e.seq <= through_sequence;
      GET DIAGNOSTICS deleted = ROW_COUNT;
      PERFORM set_config('acctl.audit_retention', 'off', true);
      RETURN NEXT;
    END
    $$`.replace('??', `"${schema.replace(/"/g, '""')}"`));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION IF EXISTS acctl_audit_prune_decisions(timestamptz, integer)');
}
