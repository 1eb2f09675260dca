import type { Policy, PolicyList, PolicyListItem } from '../../../server/src/generated/schema-types.js';
import type { ApiClient } from '../api/client.js';
import { inBatches, mapConcurrently } from './concurrency.js';
import type { DesiredPolicy } from './desired.js';
import { policiesToFetch, type LiveState } from './plan.js';

/** GET /policies allows 100 per page, and 100 exact names per request. */
const PAGE = 100;
/** Full policies are fetched only for those that differ; this many at once. */
const FETCH_CONCURRENCY = 8;

/**
 * What the server holds for a repository, in few requests: its labelled policies page by page
 * (`managed_by=`), then the names of its files the label did not cover (`name=`, 100 at a time), each list
 * item carrying content_hash. Only the policies whose hash differs from the files are fetched in
 * full, so a plan with nothing to do makes about (policies / 100) requests.
 */
export async function readLiveState(api: ApiClient, desired: readonly DesiredPolicy[], owner: string | null): Promise<LiveState> {
  const byName = new Map<string, PolicyListItem>();
  if (owner !== null) for (const item of await listAll(api, { managed_by: owner })) byName.set(item.name, item);
  const unseen = desired.map((policy) => policy.name).filter((name) => !byName.has(name));
  for (const names of inBatches(unseen, PAGE)) for (const item of await listAll(api, { name: names })) byName.set(item.name, item);
  const ids = policiesToFetch(desired, byName, owner);
  const fetched = await mapConcurrently(ids, FETCH_CONCURRENCY, (id) => api.get<Policy>(`/policies/${encodeURIComponent(id)}`));
  return { byName, full: new Map(fetched.map((policy) => [policy.id, policy])) };
}

async function listAll(api: ApiClient, filter: { managed_by?: string; name?: readonly string[] }): Promise<PolicyListItem[]> {
  const items: PolicyListItem[] = [];
  for (let page = 1; ; page++) {
    const list = await api.get<PolicyList>('/policies', { query: { ...filter, limit: PAGE, page } });
    items.push(...list.data);
    if (page >= list.pagination.pages) return items;
  }
}
