import type { Knex } from 'knex';
import type { PolicyMetadata, PolicyRule } from '../../../../core/src/index.js';
import { containsPattern } from '../../http/listing.js';
import { insertVersions } from './policy-sets-repo.js';

export type PolicyStatus = 'draft' | 'active' | 'archived' | 'deleted';

export interface PolicyRow {
  id: string;
  name: string;
  description: string;
  status: PolicyStatus;
  version: number;
  rules: PolicyRule[];
  metadata: PolicyMetadata;
  created_by: string;
  updated_by: string;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  deleted_by: string | null;
  status_before_delete: Exclude<PolicyStatus, 'deleted'> | null;
}

export interface PolicyVersionRow {
  policy_id: string;
  version: number;
  name: string;
  description: string;
  status: PolicyStatus;
  rules: PolicyRule[];
  metadata: PolicyMetadata;
  created_by: string;
  created_at: Date;
}

export type PolicyContent = Pick<PolicyRow, 'name' | 'description' | 'status' | 'rules' | 'metadata'>;

export async function findPolicy(db: Knex, id: string): Promise<PolicyRow | undefined> {
  return db<PolicyRow>('policies').where({ id }).first();
}

/** The row locked for the rest of the transaction, so concurrent writers take turns. */
export async function lockPolicy(trx: Knex.Transaction, id: string): Promise<PolicyRow | undefined> {
  return trx<PolicyRow>('policies').where({ id }).forUpdate().first();
}

export async function insertPolicy(trx: Knex.Transaction, row: Omit<PolicyRow, 'deleted_at' | 'deleted_by' | 'status_before_delete'>): Promise<PolicyRow> {
  const [inserted] = await trx('policies')
    .insert({ ...row, rules: JSON.stringify(row.rules), metadata: JSON.stringify(row.metadata) })
    .returning('*');
  return inserted as PolicyRow;
}

export async function updatePolicyRow(trx: Knex.Transaction, id: string, changes: Partial<PolicyRow>): Promise<PolicyRow> {
  const values: Record<string, unknown> = { ...changes };
  if (changes.rules) values.rules = JSON.stringify(changes.rules);
  if (changes.metadata) values.metadata = JSON.stringify(changes.metadata);
  const [updated] = await trx('policies').where({ id }).update(values).returning('*');
  return updated as PolicyRow;
}

/** The policy_versions row of a version just written; policy-sets-repo.ts insertVersions writes many at once. */
export async function insertVersion(trx: Knex.Transaction, policy: PolicyRow, createdBy: string, at: Date): Promise<void> {
  await insertVersions(trx, [policy], createdBy, at);
}

export async function listVersions(db: Knex, policyId: string): Promise<Array<Pick<PolicyVersionRow, 'version' | 'created_at' | 'created_by'>>> {
  return db('policy_versions').where({ policy_id: policyId }).orderBy('version', 'desc').select('version', 'created_at', 'created_by');
}

export async function findVersion(db: Knex, policyId: string, version: number): Promise<PolicyVersionRow | undefined> {
  return db<PolicyVersionRow>('policy_versions').where({ policy_id: policyId, version }).first();
}

export interface PolicyListFilter {
  status?: PolicyStatus;
  q?: string;
  names?: readonly string[];
  ids?: readonly string[];
  /** metadata.managed_by, a repository's ownership label. */
  managedBy?: string;
  page: number;
  limit: number;
}

/** One page, newest first (ties broken by id so pages never overlap), and the total count. */
export async function listPolicies(db: Knex, filter: PolicyListFilter): Promise<{ rows: PolicyRow[]; total: number }> {
  const base = db<PolicyRow>('policies').modify((q) => {
    if (filter.status) q.where('status', filter.status);
    else q.whereNot('status', 'deleted');
    if (filter.q) {
      const pattern = containsPattern(filter.q);
      q.andWhere((w) => w.whereILike('name', pattern).orWhereILike('description', pattern));
    }
    if (filter.names) q.whereIn('name', [...filter.names]);
    if (filter.ids) q.whereIn('id', [...filter.ids]);
    if (filter.managedBy !== undefined) q.whereRaw("metadata->>'managed_by' = ?", [filter.managedBy]);
  });
  const [countRow] = await base.clone().count<{ count: number }[]>({ count: '*' });
  const rows = await base
    .clone()
    // rules and metadata too: the list item's content_hash is computed from them.
    .select('id', 'name', 'description', 'status', 'version', 'rules', 'metadata', 'created_at', 'updated_at', 'created_by', 'updated_by')
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit);
  return { rows: rows as PolicyRow[], total: Number(countRow?.count ?? 0) };
}
