import type { ApiClient } from '../api/client.js';
import { CommandError, UsageError } from '../../../kit/src/index.js';

const principalId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What `--actor` names, as the subject GET /audit/events filters on: a principal's id as given;
 * a name, the id of the principal of that name (live first, then deleted: what a removed user did
 * is a common question); anything else as given, the subject of a client's own tokens being its
 * client id. Names everywhere (issue #22): `--actor alice` finds alice's events. Without
 * read:principals the value is matched as a subject, as before.
 */
export async function actorSubject(api: ApiClient, actor: string): Promise<string> {
  if (principalId.test(actor)) return actor;
  for (const status of [undefined, 'deleted'] as const) {
    let page;
    try {
      page = await api.call('get', '/principals', { query: { q: actor, limit: 100, ...(status ? { status } : {}) } });
    } catch (error) {
      if (error instanceof CommandError && error.code === 'auth_error') return actor;
      throw error;
    }
    const named = page.data.filter((principal) => principal.name === actor);
    if (named.length === 1) return named[0]!.id;
    if (named.length > 1)
      throw new UsageError(
        `--actor ${actor}: ${named.length} principals have that name (${named.map((principal) => `${principal.kind} ${principal.id}`).join(', ')}); give the id`,
      );
  }
  return actor;
}
