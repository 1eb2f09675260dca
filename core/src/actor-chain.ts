import type { ActorChain, ActorClaim } from './generated/schema-types.js';

/**
 * The actors of an `act` claim, nearest first: RFC 8693 section 4.1 nests each earlier actor in the
 * one after it. At most `limit` of them (a token this service signed is bounded by
 * maxDelegationDepth; a chain an application forwards is not).
 */
export function actorChain(act: ActorClaim | undefined, limit = Number.POSITIVE_INFINITY): ActorClaim[] {
  const chain: ActorClaim[] = [];
  for (let actor = act; actor && chain.length < limit; actor = actor.act) chain.push(actor);
  return chain;
}

/** An `act` claim as the audit log records it (schemas/actor-chain.json): flat, nearest first, without the nesting. */
export function actorChainOf(act: ActorClaim): ActorChain {
  return actorChain(act).map(({ sub, client_id }) => (client_id === undefined ? { sub } : { sub, client_id })) as ActorChain;
}
