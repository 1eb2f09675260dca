import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../server/src/db/embedded-postgres.js';
import { createKnex } from '../../server/src/db/knex.js';
import { migrateToLatest } from '../../server/src/db/migrate.js';

/**
 * Test databases: one migrated template per run, and a fresh copy of it for each suite that asks
 * (CREATE DATABASE ... TEMPLATE is fast), all dropped at the end. The PostgreSQL on 127.0.0.1:5432
 * is used when it answers (ACCTL_TEST_ADMIN_URL overrides), otherwise an embedded one.
 */
const runId = `acctl_test_${process.pid}_${randomBytes(3).toString('hex')}`;
const templateName = `${runId}_tpl`;
const created: string[] = [];
let adminUrl: string | undefined;
let embedded: EmbeddedDatabase | undefined;
let embeddedDir: string | undefined;
let counter = 0;

export async function setupTestDatabases(): Promise<void> {
  adminUrl = process.env.ACCTL_TEST_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!(await answers(adminUrl))) {
    embeddedDir = mkdtempSync(path.join(os.tmpdir(), 'acctl-test-pg-'));
    chmodSync(embeddedDir, 0o755);
    embedded = await startEmbeddedPostgres(embeddedDir);
    adminUrl = embedded.databaseUrl.replace(/\/acctl$/, '/postgres');
    console.log(`  (no PostgreSQL at 127.0.0.1:5432: using an embedded one on port ${embedded.port})`);
  }
  await admin(`CREATE DATABASE "${templateName}"`);
  created.push(templateName);
  const db = createKnex(urlFor(templateName), 1);
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}

export async function teardownTestDatabases(): Promise<void> {
  for (const name of created.reverse()) await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
  if (embedded) await embedded.stop();
  if (embeddedDir) rmSync(embeddedDir, { recursive: true, force: true });
}

/** A new, migrated, empty database; its URL. */
export async function freshDatabase(): Promise<string> {
  const name = `${runId}_${++counter}`;
  await admin(`CREATE DATABASE "${name}" TEMPLATE "${templateName}"`);
  created.push(name);
  return urlFor(name);
}

/** A new database without migrations (for tests of migrating itself). */
export async function emptyDatabase(): Promise<string> {
  const name = `${runId}_${++counter}`;
  await admin(`CREATE DATABASE "${name}"`);
  created.push(name);
  return urlFor(name);
}

export function adminDatabaseUrl(): string {
  if (!adminUrl) throw new Error('test databases are not set up');
  return adminUrl;
}

function urlFor(database: string): string {
  const url = new URL(adminDatabaseUrl());
  url.pathname = `/${database}`;
  return url.toString();
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminDatabaseUrl() });
  await client.connect();
  try {
    await client.query(sql);
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
