import type { PolicyListItem } from '../../../core/src/index.js';
import type { ApiClient } from '../api/client.js';
import { inBatches } from '../concurrency.js';
import type { DesiredPolicy } from './desired.js';
import { policiesToFetch, type LiveState } from './plan.js';
import { fetchPolicies, listPolicies } from '../stored-policies/lookup.js';

/** GET /policies takes 100 exact names per request. */
const NAMES_PER_REQUEST = 100;

/**
 * What the server holds for a repository, in few requests: its labelled policies page by page
 * (`managed_by=`), then the names of its files the label did not cover (`name=`, 100 at a time), each list
 * item carrying content_hash. Only the policies whose hash differs from the files are fetched in
 * full, so a plan with nothing to do makes about (policies / 100) requests.
 */
export async function readLiveState(api: ApiClient, desired: readonly DesiredPolicy[], owner: string | null): Promise<LiveState> {
  const byName = new Map<string, PolicyListItem>();
  if (owner !== null) for (const item of await listPolicies(api, { managed_by: owner })) byName.set(item.name, item);
  const unseen = desired.map((policy) => policy.name).filter((name) => !byName.has(name));
  for (const names of inBatches(unseen, NAMES_PER_REQUEST)) for (const item of await listPolicies(api, { name: names })) byName.set(item.name, item);
  // Names no live policy holds may be deleted ones: plan proposes to restore them rather than create new ones.
  const deletedByName = new Map<string, PolicyListItem>();
  const missing = desired.map((policy) => policy.name).filter((name) => !byName.has(name));
  for (const names of inBatches(missing, NAMES_PER_REQUEST))
    for (const item of await listPolicies(api, { name: names, status: 'deleted' }))
      if ((deletedByName.get(item.name)?.updated_at ?? '') < item.updated_at) deletedByName.set(item.name, item);
  const ids = policiesToFetch(desired, byName, owner);
  // Full policies only for those that differ.
  const fetched = await fetchPolicies(
    api,
    ids.map((id) => ({ id })),
  );
  return { byName, full: new Map(fetched.map((policy) => [policy.id, policy])), deletedByName };
}
