import { type ActorChain, type RequestDelegation, type SimulationRequest, principalTypeOf } from '../../../../core/src/index.js';
import { ApiError } from '../../errors/api-error.js';
import type { DecisionDeps } from './service.js';

/** Nested `act` claims followed at most: a chain this long is no delegation a person set up. */
const maxChainLength = 32;

/**
 * The request with the delegation policies read at context.delegation (docs/policy-language.md,
 * "Delegation"). The caller's token's `act` chain (RFC 8693 section 4.1, verified with the token)
 * replaces any chain the request sent; otherwise a chain the application forwards is kept as
 * asserted, its depth the number of its actors. A request claiming `verified: true` is refused
 * rather than overridden, so an application that believes it sends a verified chain learns it
 * does not. An actor's type is its stored principal's; when one actor is none, actor_types is
 * left out (unknown), never guessed.
 */
export async function withDelegation<R extends Pick<SimulationRequest, 'context'>>(
  deps: Pick<DecisionDeps, 'principals'>,
  request: R,
  caller: { subject: string; act?: ActorChain },
  principalsGeneration: number,
  pointer: string,
): Promise<R> {
  const sent = request.context?.delegation;
  if (sent?.verified === true)
    throw new ApiError('validation_failed', 'A request cannot claim a verified delegation: only the caller’s access token (its act claim) verifies one', {
      errors: [
        { pointer: `${pointer}/context/delegation/verified`, in: 'body', detail: 'must be false or left out: a verified chain comes from the caller’s token' },
      ],
    });
  const delegation = caller.act ? await verifiedDelegation(deps, caller.subject, caller.act, principalsGeneration) : sent && assertedDelegation(sent);
  if (!delegation) return request;
  return { ...request, context: { ...request.context, delegation } };
}

async function verifiedDelegation(
  deps: Pick<DecisionDeps, 'principals'>,
  subject: string,
  act: ActorChain,
  principalsGeneration: number,
): Promise<RequestDelegation> {
  const actors = act.slice(0, maxChainLength).map((actor) => actor.sub);
  const stored = await Promise.all(actors.map((id) => deps.principals.find(id, principalsGeneration)));
  const types = stored.map((principal) => (principal ? principalTypeOf(principal.kind) : undefined));
  return {
    subject,
    actors,
    ...(types.every((type) => type !== undefined) ? { actor_types: types as string[] } : {}),
    depth: actors.length,
    verified: true,
  };
}

function assertedDelegation(sent: RequestDelegation): RequestDelegation {
  const { depth: _depth, ...rest } = sent;
  return { ...rest, ...(sent.actors ? { depth: sent.actors.length } : {}), verified: false };
}
