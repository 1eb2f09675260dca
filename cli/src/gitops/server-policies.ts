import type { ApiClient } from '../api/client.js';
import type { ServerPolicy } from '../policy-files/impact.js';
import { fetchPolicies, listPolicies } from '../stored-policies/lookup.js';

/**
 * Every stored policy of the server, with the rules of the active ones (the others are not
 * enforced): the "before" side that `acctl policy impact` replays against and `acctl policy plan`
 * analyses access from, read one way for both, so their "before" sets cannot disagree. The "after"
 * side is plannedPolicies(these, plan).
 */
export async function readServerPolicies(api: ApiClient, options: { oneByOne?: boolean } = {}): Promise<ServerPolicy[]> {
  const stored = await listPolicies(api);
  const active = await fetchPolicies(
    api,
    stored.filter((item) => item.status === 'active'),
    options,
  );
  const rulesById = new Map(active.map((policy) => [policy.id, policy.rules]));
  return stored.map((item) => ({
    id: item.id,
    name: item.name,
    status: item.status as ServerPolicy['status'],
    version: item.version,
    ...(rulesById.has(item.id) ? { rules: rulesById.get(item.id)! } : {}),
  }));
}
