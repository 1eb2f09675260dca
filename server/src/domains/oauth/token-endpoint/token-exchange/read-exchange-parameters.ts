import { InvalidRequest, InvalidTarget } from '../../../../errors/oauth-errors.js';
import { accessTokenType, type OAuthTokenRequest } from '../../../../../../core/src/index.js';

export interface ExchangeParameters {
  subjectToken: string;
  actorToken: string;
  scope: string | undefined;
}

/**
 * RFC 8693 section 2.1: subject_token and subject_token_type are required; actor_token is required
 * here (this server issues delegation only, never impersonation: the agent must show who it is),
 * with its type. Other token types are invalid_request (section 2.2.2). `audience` and `resource`
 * are accepted when they name this server, the one audience its tokens carry; any other is
 * invalid_target, since a token bound to this server is all that could be issued.
 */
export function readExchangeParameters(params: OAuthTokenRequest, issuer: string): ExchangeParameters {
  if (!params.subject_token) throw new InvalidRequest('subject_token is required');
  if (params.subject_token_type !== accessTokenType) throw new InvalidRequest(`subject_token_type must be ${accessTokenType}`);
  if (!params.actor_token) throw new InvalidRequest('actor_token is required: an agent acts for a user with its own access token');
  if (params.actor_token_type !== accessTokenType) throw new InvalidRequest(`actor_token_type must be ${accessTokenType}`);
  if (params.requested_token_type !== undefined && params.requested_token_type !== accessTokenType)
    throw new InvalidRequest(`requested_token_type must be ${accessTokenType}, the only type issued`);
  for (const target of [params.audience, params.resource]) {
    if (target !== undefined && target !== issuer) throw new InvalidTarget(`This server issues tokens for ${issuer} only`);
  }
  return { subjectToken: params.subject_token, actorToken: params.actor_token, scope: params.scope };
}
