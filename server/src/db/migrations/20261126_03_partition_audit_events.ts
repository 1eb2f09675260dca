import type { Knex } from 'knex';

/** Months created ahead of time, so that inserts go to a month's partition, not the DEFAULT one. */
const monthsAhead = 3;

/**
 * audit_events becomes partitioned so that retention drops decision events a month at a time and
 * can never touch a change event: LIST by chain, then the decision chain by month of occurred_at
 * (RANGE), with a DEFAULT partition so that an insert never fails for want of one.
 *
 *   audit_events            LIST (chain)
 *     audit_events_change     'change', one table, kept forever
 *     audit_events_decision   'decision', RANGE (occurred_at)
 *       audit_events_decision_YYYY_MM, audit_events_decision_default
 *
 * Keys must hold every partition key: (seq, chain, occurred_at) and (id, chain, occurred_at).
 * seq stays unique because it is handed out under the append lock (acctl_audit_reserve,
 * acctl_record_checked_decisions, acctl_append_change_events); the change partition also gets
 * UNIQUE (seq) and UNIQUE (id) of its own.
 * Rows move in this migration's transaction; the sequence, the append-only triggers (row triggers
 * are cloned to every partition; TRUNCATE triggers are not, so each partition gets its own, and
 * acctl_ensure_month_partition gives one to each month)
 * and the list indexes are made again. The functions name the table in plpgsql, resolved when
 * they run: they need no change.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE audit_events RENAME TO audit_events_unpartitioned');
  await knex.raw('ALTER SEQUENCE audit_events_sequence OWNED BY NONE');
  await knex.raw('CREATE TABLE audit_events (LIKE audit_events_unpartitioned INCLUDING DEFAULTS INCLUDING CONSTRAINTS) PARTITION BY LIST (chain)');
  await knex.raw("CREATE TABLE audit_events_change PARTITION OF audit_events FOR VALUES IN ('change')");
  await knex.raw("CREATE TABLE audit_events_decision PARTITION OF audit_events FOR VALUES IN ('decision') PARTITION BY RANGE (occurred_at)");
  await knex.raw('CREATE TABLE audit_events_decision_default PARTITION OF audit_events_decision DEFAULT');
  await knex.raw(
    `SELECT acctl_ensure_month_partition('audit_events_decision', m.month)
     FROM (SELECT DISTINCT date_trunc('month', occurred_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS month FROM audit_events_unpartitioned WHERE chain = 'decision'
           UNION SELECT now() + make_interval(months => n) FROM generate_series(0, ${monthsAhead}) n) m
     ORDER BY m.month`,
  );
  await knex.raw('INSERT INTO audit_events SELECT * FROM audit_events_unpartitioned');
  await knex.raw('DROP TABLE audit_events_unpartitioned');
  await knex.raw('ALTER SEQUENCE audit_events_sequence OWNED BY audit_events.seq');
  await knex.raw('ALTER TABLE audit_events ADD PRIMARY KEY (seq, chain, occurred_at)');
  await knex.raw('ALTER TABLE audit_events ADD CONSTRAINT audit_events_id_key UNIQUE (id, chain, occurred_at)');
  await knex.raw('ALTER TABLE audit_events_change ADD CONSTRAINT audit_events_change_seq_key UNIQUE (seq)');
  await knex.raw('ALTER TABLE audit_events_change ADD CONSTRAINT audit_events_change_id_key UNIQUE (id)');
  // The list filters, each newest first by seq (chain walks use the primary key, a partition per chain).
  await knex.raw('CREATE INDEX audit_events_type_seq ON audit_events (type, seq)');
  await knex.raw('CREATE INDEX audit_events_actor_seq ON audit_events (actor_subject, seq)');
  await knex.raw('CREATE INDEX audit_events_target_seq ON audit_events (target_type, target_id, seq)');
  await knex.raw('CREATE INDEX audit_events_occurred_at ON audit_events USING brin (occurred_at)');
  await knex.raw(
    'CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events FOR EACH ROW EXECUTE FUNCTION acctl_audit_events_append_only()',
  );
  await knex.raw(
    'CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events FOR EACH STATEMENT EXECUTE FUNCTION acctl_audit_events_append_only()',
  );
  for (const partition of ['audit_events_change', 'audit_events_decision', 'audit_events_decision_default']) {
    await knex.raw(
      `CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON ${partition} FOR EACH STATEMENT EXECUTE FUNCTION acctl_audit_events_append_only()`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE audit_events RENAME TO audit_events_partitioned');
  await knex.raw('ALTER SEQUENCE audit_events_sequence OWNED BY NONE');
  await knex.raw('CREATE TABLE audit_events (LIKE audit_events_partitioned INCLUDING DEFAULTS INCLUDING CONSTRAINTS)');
  await knex.raw('INSERT INTO audit_events SELECT * FROM audit_events_partitioned');
  await knex.raw('DROP TABLE audit_events_partitioned');
  await knex.raw('ALTER SEQUENCE audit_events_sequence OWNED BY audit_events.seq');
  await knex.raw('ALTER TABLE audit_events ADD PRIMARY KEY (seq)');
  await knex.raw('ALTER TABLE audit_events ADD CONSTRAINT audit_events_id_unique UNIQUE (id)');
  await knex.raw('CREATE INDEX audit_events_chain_seq ON audit_events (chain, seq)');
  await knex.raw('CREATE INDEX audit_events_type_seq ON audit_events (type, seq)');
  await knex.raw('CREATE INDEX audit_events_actor_seq ON audit_events (actor_subject, seq)');
  await knex.raw('CREATE INDEX audit_events_target_seq ON audit_events (target_type, target_id, seq)');
  await knex.raw('CREATE INDEX audit_events_occurred_at ON audit_events USING brin (occurred_at)');
  await knex.raw(
    'CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events FOR EACH ROW EXECUTE FUNCTION acctl_audit_events_append_only()',
  );
  await knex.raw(
    'CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events FOR EACH STATEMENT EXECUTE FUNCTION acctl_audit_events_append_only()',
  );
}
