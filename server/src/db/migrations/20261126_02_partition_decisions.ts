import type { Knex } from 'knex';

/** Months created ahead of time, so that inserts go to a month's partition, not the DEFAULT one. */
const monthsAhead = 3;

/**
 * decisions becomes partitioned by month of created_at (RANGE), so that retention drops a month
 * as one partition instead of deleting its rows (db/month-partitions.ts). The rows move to the
 * new table inside this migration's transaction: a partition per month they span, the current
 * month and the next ones, and a DEFAULT partition so that an insert never fails for want of one.
 * The primary key must hold the partition key: (id, created_at); GET /decisions/{id} looks the id
 * up in each partition's primary key. (created_at, id) serves lists newest first, keyset on both.
 * acctl_record_checked_decisions names the table in plpgsql, resolved when it runs.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE decisions RENAME TO decisions_unpartitioned');
  await knex.raw('CREATE TABLE decisions (LIKE decisions_unpartitioned INCLUDING DEFAULTS INCLUDING CONSTRAINTS) PARTITION BY RANGE (created_at)');
  await knex.raw('CREATE TABLE decisions_default PARTITION OF decisions DEFAULT');
  await knex.raw(
    `SELECT acctl_ensure_month_partition('decisions', m.month)
     FROM (SELECT DISTINCT date_trunc('month', created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS month FROM decisions_unpartitioned
           UNION SELECT now() + make_interval(months => n) FROM generate_series(0, ${monthsAhead}) n) m
     ORDER BY m.month`,
  );
  await knex.raw('INSERT INTO decisions SELECT * FROM decisions_unpartitioned');
  await knex.raw('DROP TABLE decisions_unpartitioned');
  await knex.raw('ALTER TABLE decisions ADD PRIMARY KEY (id, created_at)');
  await knex.raw('CREATE INDEX decisions_created_at_id ON decisions (created_at, id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE decisions RENAME TO decisions_partitioned');
  await knex.raw('CREATE TABLE decisions (LIKE decisions_partitioned INCLUDING DEFAULTS INCLUDING CONSTRAINTS)');
  await knex.raw('INSERT INTO decisions SELECT * FROM decisions_partitioned');
  await knex.raw('DROP TABLE decisions_partitioned');
  await knex.raw('ALTER TABLE decisions ADD PRIMARY KEY (id)');
  await knex.raw('CREATE INDEX decisions_created_at_id ON decisions (created_at DESC, id DESC)');
}
