import type { Knex } from 'knex';
import { OAuthError } from '../../../errors/oauth-errors.js';
import type { OAuthAuthorizationRequest } from '../../../../../core/src/index.js';
import type { OAuthClientRow } from '../clients-repo.js';
import { checkClient } from './check-client.js';
import { checkClientGrantType } from './check-client-grant-type.js';
import { checkParameterShape } from './check-parameter-shape.js';
import { checkPkceChallenge } from './check-pkce-challenge.js';
import { checkRedirectUri } from './check-redirect-uri.js';
import { checkRequestedScopes } from './check-requested-scopes.js';
import { checkResource } from './check-resource.js';
import { checkResponseType } from './check-response-type.js';
import { AuthorizationErrorResponse } from './errors.js';
import { readAuthorizationParameters, single } from './read-authorization-parameters.js';

export interface AuthorizationRequest {
  client: OAuthClientRow;
  redirectUri: string;
  state: string | undefined;
  /** Requested scopes (the client's allowed ones by default), each allowed to the client. */
  scopes: string[];
  codeChallenge: string | undefined;
  /** RFC 8707: the API the tokens are for; undefined for this server's own. */
  resource: string | undefined;
  /** The request's parameters as received, for the consent form to send back. */
  parameters: OAuthAuthorizationRequest;
}

/**
 * GET /oauth/authorize (and the consent POST, which sends the same parameters back): the checks of
 * RFC 6749 section 4.1.1, RFC 7636 and RFC 8707 in order, one per file. The first two decide where errors
 * go: until the client and its redirect URI are verified, on a page (UntrustedAuthorizationRequest);
 * after, in a redirect to the client (AuthorizationErrorResponse).
 */
export async function checkAuthorizationRequest(db: Knex, input: unknown, resources: readonly string[]): Promise<AuthorizationRequest> {
  const raw = readAuthorizationParameters(input);
  const client = await checkClient(db, raw); // unknown client_id: page
  const redirectUri = checkRedirectUri(client, raw); // not a registered redirect URI: page
  const state = single(raw, 'state');
  try {
    const parameters = checkParameterShape(raw); // a parameter repeated or too long: invalid_request
    checkResponseType(parameters); // not `code`: unsupported_response_type
    checkClientGrantType(client); // not registered for authorization_code: unauthorized_client
    const codeChallenge = checkPkceChallenge(parameters, client); // S256 only; required of public clients: invalid_request
    const scopes = checkRequestedScopes(parameters, client); // unknown or not allowed to the client: invalid_scope
    const resource = checkResource(parameters, resources); // relative, fragment, unknown or repeated: invalid_target
    return { client, redirectUri, state, scopes, codeChallenge, resource, parameters };
  } catch (error) {
    if (error instanceof OAuthError) throw new AuthorizationErrorResponse(error, redirectUri, state);
    throw error;
  }
}
