import type { GrantHandler } from './grant.js';
import { checkActor } from './token-exchange/check-actor.js';
import { checkDelegationDepth } from './token-exchange/check-delegation-depth.js';
import { findDelegationGrant } from './token-exchange/find-delegation-grant.js';
import { issueExchangedToken } from './token-exchange/issue-exchanged-token.js';
import { readExchangeParameters } from './token-exchange/read-exchange-parameters.js';
import { resolveExchangedScopes } from './token-exchange/resolve-exchanged-scopes.js';
import { verifyPresentedAccessToken } from './token-exchange/verify-presented-access-token.js';

/**
 * grant_type=urn:ietf:params:oauth:grant-type:token-exchange (RFC 8693), delegation only: an agent
 * client presents a user's access token (subject) and its own (actor) and gets a token for the
 * user with itself as `act`. One check per file, in this order.
 */
export const tokenExchangeGrant: GrantHandler = async (context, client, params) => {
  const exchange = readExchangeParameters(params, context.issuer); // token types, actor required, audience: invalid_request, invalid_target
  const subject = await verifyPresentedAccessToken(context, exchange.subjectToken, 'subject_token'); // signature, expiry, standing: invalid_grant
  const actor = await verifyPresentedAccessToken(context, exchange.actorToken, 'actor_token'); // the same for the agent's own token
  checkActor(actor, client); // the actor token is this client's own: invalid_grant
  checkDelegationDepth(subject, context.maxDelegationDepth); // no deeper than config.maxDelegationDepth: invalid_grant
  const grant = await findDelegationGrant(context, subject, client.client_id); // the user allowed this agent: invalid_grant
  const scopes = resolveExchangedScopes(exchange.scope, [subject.scope.split(' '), actor.scope.split(' '), grant.scopes]); // subject ∩ actor ∩ grant (∩ asked): invalid_scope
  return issueExchangedToken(context, { subject, actor, grant, scopes }); // lineage and auth.token_issued, then the token
};
