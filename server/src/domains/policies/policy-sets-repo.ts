import type { Knex } from 'knex';
import type { PolicySet } from '../../../../core/src/index.js';
import type { PolicyRow, PolicyVersionRow } from './repo.js';

/**
 * The statements of a change set (policy-sets.ts): a handful per set whatever its size, each
 * taking its rows as one JSON parameter spread by jsonb_populate_recordset (db/json-rows.ts), so
 * 1,000 policies cost no more round trips than one.
 */

/** The advisory lock key of change sets: 'acctpset' in ASCII, beside webhook deletes' 'acctwhdl'. */
const policySetsLock = 0x61636374_70736574n;

/** Change sets take turns (transaction-scoped): two sets never interleave their checks and writes. */
export async function lockPolicySets(trx: Knex.Transaction): Promise<void> {
  await trx.raw('SELECT pg_advisory_xact_lock(?)', [policySetsLock.toString()]);
}

/**
 * The rows a set changes, locked in id order, one statement: every writer of several policies
 * locks them in the same order, and a single-policy write locks one, so none waits in a cycle.
 */
export async function lockPoliciesInIdOrder(trx: Knex.Transaction, ids: readonly string[]): Promise<PolicyRow[]> {
  if (ids.length === 0) return [];
  const { rows } = (await trx.raw('SELECT * FROM policies WHERE id = ANY(ARRAY(SELECT jsonb_array_elements_text(?::jsonb))) ORDER BY id FOR UPDATE', [
    JSON.stringify(ids),
  ])) as { rows: PolicyRow[] };
  return rows;
}

/** The versions rollbacks copy, by (policy_id, version). */
export async function findVersions(trx: Knex.Transaction, wanted: ReadonlyArray<{ policy_id: string; version: number }>): Promise<PolicyVersionRow[]> {
  if (wanted.length === 0) return [];
  const { rows } = (await trx.raw(
    `SELECT v.* FROM policy_versions v
       JOIN jsonb_to_recordset(?::jsonb) AS w(policy_id text, version integer) ON v.policy_id = w.policy_id AND v.version = w.version`,
    [JSON.stringify(wanted)],
  )) as { rows: PolicyVersionRow[] };
  return rows;
}

/** Live policies that hold any of `names` now: what a set's final names must not collide with. */
export async function liveHoldersOf(trx: Knex.Transaction, names: readonly string[]): Promise<Array<Pick<PolicyRow, 'id' | 'name' | 'version'>>> {
  if (names.length === 0) return [];
  const { rows } = (await trx.raw(
    "SELECT id, name, version FROM policies WHERE status <> 'deleted' AND name = ANY(ARRAY(SELECT jsonb_array_elements_text(?::jsonb)))",
    [JSON.stringify(names)],
  )) as {
    rows: Array<Pick<PolicyRow, 'id' | 'name' | 'version'>>;
  };
  return rows;
}

const policyColumns = [
  'id',
  'name',
  'description',
  'status',
  'version',
  'rules',
  'metadata',
  'created_by',
  'updated_by',
  'created_at',
  'updated_at',
  'deleted_at',
  'deleted_by',
  'status_before_delete',
] as const;

/** The rows as jsonb_populate_recordset reads them: dates as ISO text, jsonb as nested JSON. */
function rowsJson(rows: readonly PolicyRow[]): string {
  return JSON.stringify(rows.map((row) => Object.fromEntries(policyColumns.map((column) => [column, row[column]]))));
}

/** Who wrote the versions and when: given, the statement that writes the policies also writes their policy_versions rows. */
export interface VersionsBy {
  createdBy: string;
  at: Date;
}

const versionList = 'policy_id, version, name, description, status, rules, metadata, created_by, created_at';

/**
 * `write` (an INSERT or UPDATE of policies, aliased `p`), and with `versions` one policy_versions row per row it
 * wrote, from the rows as written (RETURNING), in one statement: the rows' JSON is sent and parsed
 * once, not again for their versions (a 1,000-policy set's 2 MB cost PostgreSQL 40 ms a parse).
 */
async function writeRows(trx: Knex.Transaction, write: string, rows: readonly PolicyRow[], versions: VersionsBy | undefined): Promise<void> {
  if (rows.length === 0) return;
  if (!versions) {
    await trx.raw(write, [rowsJson(rows)]);
    return;
  }
  await trx.raw(
    `WITH written AS (${write} RETURNING p.id, p.version, p.name, p.description, p.status, p.rules, p.metadata)
     INSERT INTO policy_versions (${versionList}) SELECT id, version, name, description, status, rules, metadata, ?, ?::timestamptz FROM written`,
    [rowsJson(rows), versions.createdBy, versions.at.toISOString()],
  );
}

export async function insertPolicies(trx: Knex.Transaction, rows: readonly PolicyRow[], versions?: VersionsBy): Promise<void> {
  const list = policyColumns.join(', ');
  await writeRows(trx, `INSERT INTO policies AS p (${list}) SELECT ${list} FROM jsonb_populate_recordset(NULL::policies, ?::jsonb)`, rows, versions);
}

/** Writes each row whole over the row with its id (the rows were locked and computed in memory). */
export async function overwritePolicies(trx: Knex.Transaction, rows: readonly PolicyRow[], versions?: VersionsBy): Promise<void> {
  const assignments = policyColumns
    .filter((column) => column !== 'id')
    .map((column) => `${column} = r.${column}`)
    .join(', ');
  await writeRows(
    trx,
    `UPDATE policies AS p SET ${assignments} FROM jsonb_populate_recordset(NULL::policies, ?::jsonb) AS r WHERE p.id = r.id`,
    rows,
    versions,
  );
}

/** One policy_versions row per written version, from the policies as written. */
export async function insertVersions(trx: Knex.Transaction, rows: readonly PolicyRow[], createdBy: string, at: Date): Promise<void> {
  if (rows.length === 0) return;
  const versions = rows.map((row) => ({
    policy_id: row.id,
    version: row.version,
    name: row.name,
    description: row.description,
    status: row.status,
    rules: row.rules,
    metadata: row.metadata,
    created_by: createdBy,
    created_at: at.toISOString(),
  }));
  await trx.raw(`INSERT INTO policy_versions (${versionList}) SELECT ${versionList} FROM jsonb_populate_recordset(NULL::policy_versions, ?::jsonb)`, [
    JSON.stringify(versions),
  ]);
}

export interface PolicySetRow {
  id: string;
  applied_at: Date;
  applied_by: string;
  client_id: string | null;
  provenance: NonNullable<PolicySet['provenance']>;
  counts: PolicySet['counts'];
  changes: PolicySet['changes'];
}

export async function insertPolicySet(trx: Knex.Transaction, row: PolicySetRow): Promise<void> {
  await trx('policy_sets').insert({
    ...row,
    provenance: JSON.stringify(row.provenance),
    counts: JSON.stringify(row.counts),
    changes: JSON.stringify(row.changes),
  });
}

export async function findPolicySet(db: Knex, id: string): Promise<PolicySetRow | undefined> {
  return db<PolicySetRow>('policy_sets').where({ id }).first();
}
