import type { Policy, PolicyList, PolicyListItem } from '../../../core/src/index.js';
import type { ApiClient } from '../api/client.js';
import { mapConcurrently } from '../concurrency.js';
import { CommandError, NotFound } from '../errors.js';

/** The API's largest page of policies (spec, "Limits": policy list page size at most 100). */
const pageSize = 100;

/**
 * A stored policy by name or id. The name is tried first (names are unique among policies that are
 * not deleted), then the id: a name never shadows an id, since ids are generated and names chosen.
 */
export async function findPolicy(api: ApiClient, nameOrId: string): Promise<Pick<Policy, 'id' | 'name' | 'version' | 'status'>> {
  // The exact-name filter, not the search (q): a search for the name also finds every name that
  // contains it, and the one wanted may not be on the first page.
  const byName = await api.get<PolicyList>('/policies', { query: { name: [nameOrId], limit: 1 } });
  const named = byName.data.find((item) => item.name === nameOrId);
  if (named) return named;
  try {
    return await api.get<Policy>(`/policies/${encodeURIComponent(nameOrId)}`);
  } catch (error) {
    if (error instanceof CommandError && error.code === 'not_found')
      throw new NotFound(`No policy named or with id ${nameOrId}`, ['acctl policy list shows the stored policies']);
    throw error;
  }
}

/** The policies the list filter selects (none: every policy not deleted), as list items (no rules), all pages. */
export async function listPolicies(api: ApiClient, filter: { managed_by?: string; name?: readonly string[] } = {}): Promise<PolicyListItem[]> {
  const items: PolicyListItem[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await api.get<PolicyList>('/policies', { query: { ...filter, limit: pageSize, page } });
    items.push(...answer.data);
    if (page >= answer.pagination.pages) return items;
  }
}

/** The full policies (with rules) of the given list items, fetched a few at a time. */
export async function fetchPolicies(api: ApiClient, items: readonly Pick<PolicyListItem, 'id'>[], concurrency = 8): Promise<Policy[]> {
  return mapConcurrently(items, concurrency, (item) => api.get<Policy>(`/policies/${encodeURIComponent(item.id)}`));
}
