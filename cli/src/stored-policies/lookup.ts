import type { Policy, PolicyListItem } from '../../../core/src/index.js';
import type { ApiClient } from '../api/client.js';
import { inBatches, mapConcurrently } from '../concurrency.js';
import { CommandError } from '../../../kit/src/index.js';
import { resolveNameOrId } from '../stored-objects/name-or-id.js';

/** The API's largest page of policies (spec, "Limits": policy list page size at most 100). */
const pageSize = 100;

/** What a command needs of the policy a name or id stands for; `full` when the lookup read the whole policy (by id), so a command needn't read it again. */
export type PolicyRef = Pick<PolicyListItem, 'id' | 'name' | 'version' | 'status'> & { full?: Policy };

/**
 * The resolver of every command that takes a stored policy (get, history, versions, restore,
 * rollback, delete, diff, simulate): stored-objects/name-or-id.ts, shared with the principal
 * commands. Names are unique among policies that are not deleted (the database's partial unique
 * index), so a name means the live policy of that name; when none is live, the deleted one of
 * that name, and when several deleted ones share it, the command refuses with their ids rather
 * than pick one. `prefer: 'deleted'` (restore) looks among the deleted first: restoring a name
 * means the deleted one.
 */
export async function resolvePolicy(api: ApiClient, nameOrId: string, options: { prefer?: 'live' | 'deleted' } = {}): Promise<PolicyRef> {
  const stages = {
    live: { state: '', find: (name: string) => policiesNamed(api, name, 'live') },
    deleted: { state: 'deleted ', find: (name: string) => policiesNamed(api, name, 'deleted') },
  };
  return resolveNameOrId<PolicyRef & { updated_at?: string }>(nameOrId, {
    noun: 'policy',
    byId: (id) => policyById(api, id),
    byName: options.prefer === 'deleted' ? [stages.deleted, stages.live] : [stages.live, stages.deleted],
    describe: (item) => `${item.id} (version ${item.version}, last changed ${item.updated_at})`,
    notFoundSuggestions: ['acctl policy list shows the stored policies; acctl policy list --status deleted the deleted ones'],
  });
}

/** The policy of an id, deleted or not; undefined when the server knows no such id. */
export async function policyById(api: ApiClient, id: string): Promise<PolicyRef | undefined> {
  try {
    const full = await api.call('get', '/policies/{id}', { path: { id } });
    return { id, name: full.name, version: full.version, status: full.status, full };
  } catch (error) {
    if (error instanceof CommandError && error.code === 'not_found') return undefined;
    throw error;
  }
}

/** By the exact-name filter, not the search (q), which also finds every name containing it. */
async function policiesNamed(api: ApiClient, name: string, state: 'live' | 'deleted'): Promise<PolicyListItem[]> {
  const query = { name: [name], limit: pageSize, ...(state === 'deleted' ? { status: 'deleted' as const } : {}) };
  const answer = await api.call('get', '/policies', { query });
  return answer.data.filter((item) => item.name === name);
}

/** The policies the list filter selects (none: every policy not deleted), as list items (no rules), all pages. */
export async function listPolicies(
  api: ApiClient,
  filter: { managed_by?: string; name?: readonly string[]; status?: 'deleted' } = {},
): Promise<PolicyListItem[]> {
  const items: PolicyListItem[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await api.call('get', '/policies', { query: { ...filter, limit: pageSize, page } });
    items.push(...answer.data);
    if (page >= answer.pagination.pages) return items;
  }
}

/**
 * The full policies (with rules) of the given list items, in their order: 100 a request
 * (`GET /policies?id=…&view=full`), not one request each. A plan of 1,000 changed policies made
 * 1,000 GETs, about a second of the server's CPU taken from its decisions (bench/README.md,
 * GitOps). Those the list leaves out (a deleted policy) are asked for one by one, and so is every
 * one by a server older than view=full (it refuses the parameter with 400).
 */
/** Clients of a server that refused view=full once: a command that reads twice (plan, then its access analysis) asks once. */
const withoutFullView = new WeakSet<ApiClient>();

/** A server older than view=full, to a caller that will not read every policy one request each. */
export class FullViewUnavailable extends Error {
  override name = 'FullViewUnavailable';
}

/**
 * With `oneByOne: false`, a server older than view=full is not read a policy a request: the
 * FullViewUnavailable error says so instead (plan's access analysis, which needs every active policy).
 */
export async function fetchPolicies(
  api: ApiClient,
  items: readonly Pick<PolicyListItem, 'id'>[],
  options: { concurrency?: number; oneByOne?: boolean } = {},
): Promise<Policy[]> {
  const { concurrency = 4, oneByOne = true } = options;
  const one = (item: Pick<PolicyListItem, 'id'>) => api.call('get', '/policies/{id}', { path: { id: item.id } });
  const withoutBatches = (): Promise<Policy[]> => {
    if (!oneByOne)
      throw new FullViewUnavailable(`the server is older than GET /policies?view=full, and reading its ${items.length} policies one request each was not done`);
    return mapConcurrently(items, 8, one);
  };
  if (withoutFullView.has(api)) return withoutBatches();
  let pages: PolicyListItem[][];
  try {
    pages = await mapConcurrently(inBatches(items, pageSize), concurrency, async (batch) => {
      const query = { id: batch.map((item) => item.id), view: 'full' as const, limit: pageSize };
      return (await api.call('get', '/policies', { query })).data;
    });
  } catch (error) {
    if (error instanceof CommandError && error.problem?.status === 400) {
      withoutFullView.add(api);
      return withoutBatches();
    }
    throw error;
  }
  const found = new Map(pages.flat().flatMap((item) => (item.rules && item.metadata ? [[item.id, asPolicy(item, item.rules, item.metadata)] as const] : [])));
  const missing = items.filter((item) => !found.has(item.id));
  for (const policy of await mapConcurrently(missing, 8, one)) found.set(policy.id, policy);
  return items.map((item) => found.get(item.id)!);
}

/** A list item of view=full as the policy GET /policies/{id} answers. */
function asPolicy(item: PolicyListItem, rules: Policy['rules'], metadata: Policy['metadata']): Policy {
  const { content_hash: _hash, managed_by: _label, rules: _rules, metadata: _metadata, ...fields } = item;
  return { ...fields, rules, metadata };
}
