import type { Knex } from 'knex';
import type { ActorChain, PrincipalKind } from '../../../../core/src/index.js';
import type { DomainEvent } from '../../events/types.js';

/**
 * The events with each agent of their actor's chain given the kind of the principal its `sub`
 * names (schemas/actor-chain.json), read in `trx` in one query, and only when an event has a
 * chain: a principal's kind never changes, so what is hashed now stays true. An agent that is no
 * stored principal (a client that is its own subject) keeps no kind.
 */
export async function withActorKinds<E extends DomainEvent>(trx: Knex.Transaction, events: readonly E[]): Promise<readonly E[]> {
  const subs = new Set(events.flatMap((event) => event.actor.act?.filter((link) => link.kind === undefined).map((link) => link.sub) ?? []));
  if (subs.size === 0) return events;
  const rows: Array<{ id: string; kind: PrincipalKind }> = await trx('principals')
    .select('id', 'kind')
    .whereIn('id', [...subs]);
  const kinds = new Map(rows.map((row) => [row.id, row.kind]));
  return events.map((event) => {
    const act = event.actor.act;
    if (!act) return event;
    const known = act.map((link) => {
      const kind = link.kind ?? kinds.get(link.sub);
      return kind === undefined ? link : { ...link, kind };
    }) as ActorChain;
    return { ...event, actor: { ...event.actor, act: known } };
  });
}
