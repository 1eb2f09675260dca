import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../server/src/db/embedded-postgres.js';
import { createKnex } from '../server/src/db/knex.js';
import { migrateToLatest } from '../server/src/db/migrate.js';

/**
 * Test databases, for the tests (test/helpers/database.ts re-exports this module) and the
 * benchmarks: one migrated template per run, and a fresh copy of it for each suite or benchmark
 * server that asks (CREATE DATABASE ... TEMPLATE is fast), all dropped at the end. The
 * PostgreSQL on 127.0.0.1:5432 is used when it answers (ACCTL_TEST_ADMIN_URL overrides),
 * otherwise an embedded one.
 *
 * `mocha --parallel` runs the set-up once, in its main process (a global fixture), and the test
 * files in worker processes that it forks afterwards with a copy of its environment: so the run is
 * handed to them in ACCTL_TEST_DATABASES, and every process names its databases with its pid,
 * which no two processes running at once share.
 */
interface TestDatabases {
  adminUrl: string;
  /** The prefix of every database of this run; the template is `${runId}_tpl`. */
  runId: string;
  /** Whether a commit waits for its WAL to reach the disk (benchmarks: yes, as deployed; tests: no). */
  synchronousCommit: boolean;
}

const handedOver = 'ACCTL_TEST_DATABASES';
let embedded: EmbeddedDatabase | undefined;
let embeddedDir: string | undefined;
let counter = 0;

export async function setupTestDatabases(options: { synchronousCommit?: boolean } = {}): Promise<void> {
  let adminUrl = process.env.ACCTL_TEST_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!(await answers(adminUrl))) {
    embeddedDir = mkdtempSync(path.join(os.tmpdir(), 'acctl-test-pg-'));
    chmodSync(embeddedDir, 0o755);
    embedded = await startEmbeddedPostgres(embeddedDir);
    adminUrl = embedded.databaseUrl.replace(/\/acctl$/, '/postgres');
    console.log(`  (no PostgreSQL at 127.0.0.1:5432: using an embedded one on port ${embedded.port})`);
  }
  const run: TestDatabases = {
    adminUrl,
    runId: `acctl_test_${process.pid}_${randomBytes(3).toString('hex')}`,
    synchronousCommit: options.synchronousCommit ?? true,
  };
  process.env[handedOver] = JSON.stringify(run);
  await admin(`CREATE DATABASE "${templateName()}"`);
  const db = createKnex(urlFor(templateName()), 1);
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}

/** Drops every database of the run, whichever process created it, then the embedded server if any. */
export async function teardownTestDatabases(): Promise<void> {
  if (process.env[handedOver]) {
    const names = await adminQuery<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [`${run().runId}_`]).catch(() => []);
    // Eight at a time: each DROP DATABASE waits for a checkpoint, and concurrent ones share it.
    // One after another, the ~200 databases of a run took two minutes after the last test.
    const pending = names.map(({ datname }) => datname);
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let name = pending.pop(); name !== undefined; name = pending.pop())
          await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
      }),
    );
    delete process.env[handedOver];
  }
  if (embedded) await embedded.stop();
  if (embeddedDir) rmSync(embeddedDir, { recursive: true, force: true });
}

/**
 * A new, migrated, empty database; its URL. In a test run (synchronousCommit false) its commits do
 * not wait for the WAL to reach the disk: a commit is as visible and as atomic, only a crash of
 * PostgreSQL itself could lose the last ones, which no test makes; thousands of commits a run,
 * each an fsync of a disk the two cores share, were time the suite spent waiting.
 */
export async function freshDatabase(): Promise<string> {
  const name = nextName();
  const durability = run().synchronousCommit ? [] : [`ALTER DATABASE "${name}" SET synchronous_commit = off`];
  await admin(`CREATE DATABASE "${name}" TEMPLATE "${templateName()}"`, ...durability);
  return urlFor(name);
}

/** A new database without migrations (for tests of migrating itself). */
export async function emptyDatabase(): Promise<string> {
  const name = nextName();
  await admin(`CREATE DATABASE "${name}"`);
  return urlFor(name);
}

export function adminDatabaseUrl(): string {
  return run().adminUrl;
}

function run(): TestDatabases {
  const value = process.env[handedOver];
  if (!value) throw new Error('test databases are not set up');
  return JSON.parse(value) as TestDatabases;
}

function templateName(): string {
  return `${run().runId}_tpl`;
}

function nextName(): string {
  return `${run().runId}_${process.pid}_${++counter}`;
}

function urlFor(database: string): string {
  const url = new URL(adminDatabaseUrl());
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs each statement in turn on one connection to the admin database. */
async function admin(...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: adminDatabaseUrl() });
  await client.connect();
  try {
    for (const sql of statements) await client.query(sql);
  } finally {
    await client.end();
  }
}

async function adminQuery<Row extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: adminDatabaseUrl() });
  await client.connect();
  try {
    return (await client.query<Row>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
