/**
 * `npm run bench:10m -- --rows 10000000 [--months 6] [--runs 40] [--admin-url postgres://...] [--keep]`
 *
 * Loads N decisions and about N audit events (one change event in every 1,001, the rest
 * decision.evaluated) spread evenly over the last `months` months into a fresh database, then
 * measures, over real HTTP on loopback, the latency (p50/p99 of `runs` sequential requests) of the
 * audit list and lookups that must stay fast on a big log, and retention's drop of the oldest month.
 * The database is dropped at the end unless --keep.
 *
 * The rows are generated in SQL (INSERT ... SELECT generate_series, a chunk per statement), not by
 * the API: hours instead of minutes. Their hash chain is synthetic (prev_hash/hash are SHA-256 of
 * the sequence numbers, not of the events): the queries measured never read the hashes, and
 * verification is not measured here. Event i and decision i share an id, as the API makes them.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { Knex } from 'knex';
import pg from 'pg';
import { buildApp } from '../server/src/app.js';
import { makeConfig } from '../server/src/config/config.js';
import { findFreePort } from '../server/src/db/embedded-postgres.js';
import { createKnex } from '../server/src/db/knex.js';
import { migrateToLatest } from '../server/src/db/migrate.js';
import { ensureMonthPartitions } from '../server/src/db/month-partitions.js';
import { applyDecisionRetention } from '../server/src/domains/audit/retention.js';
import { insertClient } from '../server/src/domains/oauth/clients-repo.js';
import { generateSecret } from '../core/src/index.js';
import { hashSecret } from '../server/src/security/secrets.js';
import { percentile } from '../bench/lib/stats.js';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000000' },
    months: { type: 'string', default: '6' },
    runs: { type: 'string', default: '40' },
    'admin-url': { type: 'string', default: process.env.ACCTL_TEST_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    keep: { type: 'boolean', default: false },
  },
});
const rows = Number(values.rows);
const months = Number(values.months);
const runs = Number(values.runs);
const chunk = 500_000;
const changeEvery = 1001;

const adminUrl = values['admin-url']!;
const databaseName = `acctl_load_${process.pid}_${randomBytes(3).toString('hex')}`;
const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;

async function load(end: Date): Promise<void> {
  const db = createKnex(databaseUrl, 3);
  try {
    await migrateToLatest(db);
    const start = new Date(end);
    start.setUTCMonth(start.getUTCMonth() - months);
    await ensureMonthPartitions(db, start, months + 3);
    const span = (end.getTime() - start.getTime()) / 1000;
    const total = rows + Math.floor(rows / (changeEvery - 1));
    // Row i happens at start + i/total of the span, so seq order is time order, as commits make it.
    const at = (i: string, n: number) => `to_timestamp(${start.getTime() / 1000} + ${i}::float8 * ${span} / ${n})`;
    const idOf = (i: string) => `md5('acctl-load-' || ${i})::uuid`;
    const decisions = async () => {
      for (let from = 1; from <= rows; from += chunk) {
        const to = Math.min(rows, from + chunk - 1);
        await db.raw(`
          INSERT INTO decisions (id, created_at, decision, principal_id, principal_type, resource_type, resource_identifier, action,
                                 caller_subject, client_id, request_id, evaluation_time_ms, request, result)
          SELECT ${idOf('i')}, ${at('i', rows)}, CASE WHEN i % 7 = 0 THEN 'deny' ELSE 'allow' END, 'user-' || (i % 100000), 'USER', 'database',
                 'db-' || (i % 10000), 'read', 'client-' || (i % 50), 'client-' || (i % 50), md5(i::text),
                 0.01, jsonb_build_object('principal', jsonb_build_object('id', 'user-' || (i % 100000), 'type', 'USER'), 'resource', jsonb_build_object('type', 'database', 'identifier', 'db-' || (i % 10000)), 'action', 'read'),
                 jsonb_build_object('decision', CASE WHEN i % 7 = 0 THEN 'deny' ELSE 'allow' END, 'matched_rules', '[]'::jsonb)
          FROM generate_series(${from}::bigint, ${to}::bigint) i`);
        process.stdout.write(`  decisions ${to.toLocaleString('en')}\r`);
      }
    };
    const events = async () => {
      for (let from = 1; from <= total; from += chunk) {
        const to = Math.min(total, from + chunk - 1);
        await db.raw(`
          INSERT INTO audit_events (seq, id, chain, type, occurred_at, actor_subject, actor_client_id, actor_token_kind, target_type, target_id,
                                    outcome, request_id, source_ip, user_agent, change, data, prev_hash, hash)
          SELECT s, CASE WHEN change THEN gen_random_uuid() ELSE ${idOf('(s - s / ' + changeEvery + ')')} END,
                 CASE WHEN change THEN 'change' ELSE 'decision' END, CASE WHEN change THEN 'policy.updated' ELSE 'decision.evaluated' END,
                 ${at('s', total)}, 'client-' || (s % 50), 'client-' || (s % 50), 'client',
                 CASE WHEN change THEN 'policy' ELSE 'resource' END, CASE WHEN change THEN 'policy-' || (s % 100) ELSE 'database/db-' || (s % 10000) END,
                 'success', md5(s::text), '10.0.0.1', 'load-10m', NULL,
                 jsonb_build_object('decision', 'allow', 'action', 'read', 'evaluation_time_ms', 0.01),
                 sha256(int8send(s - 1)), sha256(int8send(s))
          FROM generate_series(${from}::bigint, ${to}::bigint) s, LATERAL (SELECT s % ${changeEvery} = 0 AS change) c`);
        process.stdout.write(`  audit events ${to.toLocaleString('en')}\r`);
      }
      await db.raw(`SELECT setval('audit_events_sequence', ${total})`);
    };
    const started = process.hrtime.bigint();
    const indexes = await withoutIndexes(db, ['decisions', 'audit_events']);
    await Promise.all([decisions(), events()]);
    const loaded = seconds(started);
    await db.transaction(async (trx) => {
      await trx.raw("SET LOCAL maintenance_work_mem = '512MB'");
      for (const statement of indexes) await trx.raw(statement);
    });
    console.log(`\nrows inserted in ${loaded.toFixed(0)} s, indexes built in ${(seconds(started) - loaded).toFixed(0)} s`);
    await db.raw('ANALYZE decisions');
    await db.raw('ANALYZE audit_events');
    const counts =
      (await db.raw(`SELECT (SELECT count(*) FROM decisions) AS decisions, (SELECT count(*) FROM audit_events WHERE chain = 'decision') AS decision_events,
                                         (SELECT count(*) FROM audit_events WHERE chain = 'change') AS change_events,
                                         pg_size_pretty(pg_database_size(current_database())) AS size`)) as { rows: Array<Record<string, string>> };
    console.log(`loaded in ${seconds(started).toFixed(0)} s: ${JSON.stringify(counts.rows[0])}`);
  } finally {
    await db.destroy();
  }
}

/**
 * Drops the keys and indexes of partitioned tables (those of every partition go with them) and
 * answers the statements that make them again (for every partition: not ON ONLY): building an index once over loaded rows is many
 * times faster than maintaining it row by row. Read from the catalog, so they are the migrations' own.
 */
async function withoutIndexes(db: Knex, tables: string[]): Promise<string[]> {
  const result = (await db.raw(
    `SELECT format('ALTER TABLE %I ADD CONSTRAINT %I %s', c.conrelid::regclass::text, c.conname, pg_get_constraintdef(c.oid)) AS create, format('ALTER TABLE %I DROP CONSTRAINT %I', c.conrelid::regclass::text, c.conname) AS drop
     FROM pg_constraint c WHERE c.conrelid = ANY(?::regclass[]) AND c.contype IN ('p', 'u')
     UNION ALL
     SELECT replace(pg_get_indexdef(i.indexrelid), ' ON ONLY ', ' ON '), format('DROP INDEX %I', i.indexrelid::regclass::text)
     FROM pg_index i WHERE i.indrelid = ANY(?::regclass[]) AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
    [tables, tables],
  )) as { rows: Array<{ create: string; drop: string }> };
  for (const row of result.rows) await db.raw(row.drop);
  return result.rows.map((row) => row.create);
}

async function measure(end: Date): Promise<void> {
  const port = await findFreePort();
  const config = makeConfig({ databaseUrl, keyEncryptionKey: randomBytes(32).toString('base64'), logLevel: 'silent', port, auditDecisionRetentionDays: 0 });
  const app = await buildApp(config);
  await app.listen({ host: config.host, port });
  try {
    const clientSecret = generateSecret('client_secret');
    await insertClient(app.db, {
      client_id: 'load-10m',
      name: 'load-10m',
      client_type: 'confidential',
      secret_hash: hashSecret(clientSecret),
      grant_types: ['client_credentials'],
      redirect_uris: [],
      allowed_scopes: ['admin:all'],
      created_by: 'load-10m',
    });
    const base = `${config.publicUrl}/v1`;
    const tokenResponse = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: 'load-10m', client_secret: clientSecret }),
    });
    const token = ((await tokenResponse.json()) as { access_token: string }).access_token;
    const sinceHour = new Date(end.getTime() - 3_600_000).toISOString();
    const randomIndex = () => 1 + Math.floor(Math.random() * rows);
    const idOf = async (i: number) =>
      ((await app.db.raw(`SELECT md5('acctl-load-' || ?::bigint)::uuid AS id`, [i])) as { rows: Array<{ id: string }> }).rows[0]!.id;
    const cases: Array<[string, () => Promise<string>]> = [
      ['GET /v1/audit/events (first page, newest 50)', async () => '/audit/events'],
      ['GET /v1/audit/events?type=decision.evaluated', async () => '/audit/events?type=decision.evaluated'],
      ['GET /v1/audit/events?actor=client-7', async () => '/audit/events?actor=client-7'],
      ['GET /v1/audit/events?target_type=resource&target_id=database/db-42', async () => '/audit/events?target_type=resource&target_id=database%2Fdb-42'],
      ['GET /v1/audit/events?type=policy.* (1 event in 1,001)', async () => '/audit/events?type=policy.*'],
      [`GET /v1/audit/events?since=<an hour ago>`, async () => `/audit/events?since=${encodeURIComponent(sinceHour)}`],
      ['GET /v1/audit/events/{id} (random)', async () => `/audit/events/${await idOf(randomIndex())}`],
      ['GET /v1/decisions/{id} (random)', async () => `/decisions/${await idOf(randomIndex())}`],
    ];
    console.log(`\n${'request'.padEnd(72)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`);
    for (const [name, path] of cases) {
      const timings: number[] = [];
      for (let run = 0; run < runs + 3; run++) {
        const url = `${base}${await path()}`;
        const started = process.hrtime.bigint();
        const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        await response.arrayBuffer();
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
        if (run >= 3) timings.push(ms); // the first runs warm the connection pool and the plan cache
      }
      timings.sort((a, b) => a - b);
      console.log(`${name.padEnd(72)} ${percentile(timings, 50).toFixed(2).padStart(8)} ${percentile(timings, 99).toFixed(2).padStart(8)}`);
    }
    // Retention with the period that makes exactly the oldest loaded month expire.
    const oldest = (
      (await app.db.raw("SELECT month_end FROM acctl_month_partitions('audit_events_decision') ORDER BY month_start LIMIT 1")) as {
        rows: Array<{ month_end: Date }>;
      }
    ).rows[0]!.month_end;
    const retentionDays = Math.floor((end.getTime() - oldest.getTime()) / 86_400_000);
    const started = process.hrtime.bigint();
    const result = await applyDecisionRetention(app, { now: end, retentionDays });
    console.log(
      `\nretention (${retentionDays} days: the oldest month): ${seconds(started).toFixed(2)} s, ${result.deleted.toLocaleString('en')} decision events and ${result.decisionsDeleted.toLocaleString('en')} decisions dropped`,
    );
  } finally {
    await app.close();
  }
}

const end = new Date();
console.log(`database ${databaseName}: ${rows.toLocaleString('en')} decisions and events over ${months} months`);
await admin(`CREATE DATABASE "${databaseName}"`);
try {
  await load(end);
  await measure(end);
} finally {
  if (!values.keep) await admin(`DROP DATABASE "${databaseName}" WITH (FORCE)`);
}
