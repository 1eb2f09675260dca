import type { ApiClient } from '../api/client.js';
import { readLiveState } from './live-state.js';
import { computePlan, type Plan } from './plan.js';
import type { PolicyRepository } from './repository.js';

/**
 * The one run behind `acctl policy plan` and `acctl policy apply <folder>`: what the server holds
 * for the repository's policies, compared with its files.
 */
export async function planFolder(api: ApiClient, repository: PolicyRepository, options: { prune: boolean; now: Date }): Promise<Plan> {
  const live = await readLiveState(api, repository.desired, repository.owner);
  return computePlan({ desired: repository.desired, live, owner: repository.owner, prune: options.prune, server: api.baseUrl, now: options.now });
}
