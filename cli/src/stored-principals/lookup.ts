import type { Principal } from '../../../core/src/index.js';
import type { ApiClient } from '../api/client.js';
import { CommandError } from '../../../kit/src/index.js';
import { resolveNameOrId } from '../stored-objects/name-or-id.js';

/**
 * The principal a name or id stands for, for `acctl principal get|update|delete`, resolved as the
 * policy commands resolve theirs (stored-objects/name-or-id.ts). A name is unique per kind among
 * live principals, case aside, so `carol` may be a user and a service: then the command refuses
 * with both ids.
 */
export async function resolvePrincipal(api: ApiClient, nameOrId: string): Promise<Principal> {
  return resolveNameOrId<Principal>(nameOrId, {
    noun: 'principal',
    byId: (id) => principalById(api, id),
    byName: [{ state: '', find: async (name) => (await api.call('get', '/principals', { query: { name: [name], limit: 100 } })).data }],
    describe: (principal) => `${principal.id} (${principal.kind} ${principal.name}, ${principal.status})`,
    notFoundSuggestions: ['acctl principal list shows the principals; acctl principal list --status deleted the deleted ones'],
  });
}

async function principalById(api: ApiClient, id: string): Promise<Principal | undefined> {
  try {
    return await api.call('get', '/principals/{id}', { path: { id } });
  } catch (error) {
    if (error instanceof CommandError && error.code === 'not_found') return undefined;
    throw error;
  }
}
