import { nameProblem } from '../names.js';
import { isKnownScope, parseScopeString } from '../scopes.js';
import { checkClientJwks, type ClientJwks } from './client-jwks.js';
import { redirectUriProblem, type RedirectUriPolicy } from './redirect-uris.js';

/** RFC 8693 section 2.1: the grant type of token exchange, by which an agent acts for a user. */
export const tokenExchangeGrantType = 'urn:ietf:params:oauth:grant-type:token-exchange';

/** RFC 8693 section 3: the one token type a token exchange here takes and issues, an access token of this server. */
export const accessTokenType = 'urn:ietf:params:oauth:token-type:access_token';

/** Grant types a client may be registered for: the token endpoint's handlers. */
export const registrableGrantTypes = ['client_credentials', 'authorization_code', 'refresh_token', tokenExchangeGrantType] as const;
export type RegistrableGrantType = (typeof registrableGrantTypes)[number];

export interface ClientRegistrationInput {
  name: string;
  public: boolean;
  grantTypes: readonly string[];
  redirectUris: readonly string[];
  /** Each value may hold several scopes separated by spaces (RFC 6749 section 3.3). */
  scopes: readonly string[];
  /** The policy owners (metadata.managed_by labels) the client may write; none: not bound. */
  owners?: readonly string[];
  /** private_key_jwt (RFC 7523 section 2.2): the client's public keys as a JWK Set (parsed JSON)... */
  jwks?: unknown;
  /** ...or the URL it is fetched from. A client with keys has no secret. */
  jwksUri?: string;
  /** The agent principal (name or id) the client acts as; the server resolves it (issue #36). */
  agent?: string;
}

/** Where a jwks_uri may point (config webhooksAllowHttp: the rule of every URL the server fetches). */
export interface JwksUriPolicy {
  allowHttp: boolean;
}

export interface ClientRegistration {
  name: string;
  clientType: 'confidential' | 'public';
  grantTypes: RegistrableGrantType[];
  redirectUris: string[];
  scopes: string[];
  /** Null: not bound to owners, the client writes any policy its scopes allow (docs/security.md, "Policy ownership"). */
  owners: string[] | null;
  /** Null for a client that authenticates with a secret (or none, when public). */
  jwks: ClientJwks | null;
  jwksUri: string | null;
  /** The agent principal's name or id, as given (the server resolves it); null: the client is its own subject. */
  agent: string | null;
}

/** At most this many owners per client: a binding names a few teams, not a directory. */
export const maxClientOwners = 20;

export type ClientRegistrationCheck = { ok: true; registration: ClientRegistration } | { ok: false; problems: string[]; unknownScopes: string[] };

/**
 * The rules of registering an OAuth client, in order, shared by `acctl server client create` and
 * the dashboard. Every problem is reported at once, so one correction is enough. Pure: what the
 * configuration allows comes in `redirectUriPolicy` (no default, so no caller forgets it).
 */
export function checkClientRegistration(
  input: ClientRegistrationInput,
  redirectUriPolicy: RedirectUriPolicy,
  jwksUriPolicy: JwksUriPolicy = { allowHttp: false },
): ClientRegistrationCheck {
  const problems: string[] = [];
  // The name rule of principals and policies too (names.ts): a client's name is shown on the consent page.
  const name = input.name;
  const namedWrong = nameProblem(name);
  if (namedWrong) problems.push(`The name ${namedWrong}`);

  const clientType = input.public ? 'public' : 'confidential';
  const asked = input.grantTypes.length > 0 ? input.grantTypes : [clientType === 'public' ? 'authorization_code' : 'client_credentials'];
  const unknownGrants = asked.filter((grant) => !(registrableGrantTypes as readonly string[]).includes(grant));
  if (unknownGrants.length > 0) problems.push(`Unknown grant type: ${unknownGrants.join(', ')} (use ${registrableGrantTypes.join(', ')})`);
  const grantTypes = [...new Set(asked.filter((grant): grant is RegistrableGrantType => (registrableGrantTypes as readonly string[]).includes(grant)))];

  // RFC 6749 section 4.4: the client credentials grant MUST only be used by confidential clients.
  if (clientType === 'public' && grantTypes.includes('client_credentials')) problems.push('A public client has no secret, so it cannot use client_credentials');
  // An agent proves itself with its secret as well as its actor token (RFC 8693 section 2.1 leaves client authentication to the server).
  if (clientType === 'public' && grantTypes.includes(tokenExchangeGrantType)) problems.push('A public client has no secret, so it cannot use token exchange');
  // Refresh tokens are issued with the authorization-code flow only (never for client_credentials).
  if (grantTypes.includes('refresh_token') && !grantTypes.includes('authorization_code'))
    problems.push('refresh_token needs the authorization_code grant type as well');

  const uris = [...new Set(input.redirectUris)];
  // RFC 6749 section 3.1.2.2: redirect URIs are registered, and the authorization server matches them exactly.
  if (grantTypes.includes('authorization_code') && uris.length === 0) problems.push('authorization_code needs at least one redirect URI');
  if (!grantTypes.includes('authorization_code') && uris.length > 0) problems.push('Redirect URIs are used only by the authorization_code grant type');
  for (const uri of uris) {
    const problem = redirectUriProblem(uri, redirectUriPolicy);
    if (problem) problems.push(`Redirect URI ${uri} ${problem}`);
  }

  const scopes = [...new Set(input.scopes.flatMap((value) => parseScopeString(value)))];
  const unknownScopes = scopes.filter((scope) => !isKnownScope(scope));
  if (unknownScopes.length > 0) problems.push(`Unknown scope: ${unknownScopes.join(', ')}`);

  // An owner is a policy's metadata.managed_by label, as acctl.yaml `owner` spells it (schemas/acctl-config.json).
  const owners = [...new Set((input.owners ?? []).map((owner) => owner.trim()).filter((owner) => owner.length > 0))];
  if (owners.length > maxClientOwners) problems.push(`A client is bound to at most ${maxClientOwners} owners`);
  const badOwners = owners.filter((owner) => owner.length > 200 || /[\u0000-\u001f\u007f]/.test(owner));
  if (badOwners.length > 0) problems.push('An owner has 1 to 200 characters and no control characters');

  const keys = clientKeysCheck(input, clientType, jwksUriPolicy);
  problems.push(...keys.problems);

  // The agent is the subject of the client's client_credentials tokens (docs/oauth.md, "Agents"):
  // a client without that grant would carry a binding nothing uses.
  const agent = input.agent?.trim() || null;
  if (agent !== null && agent.length > 200) problems.push('An agent is named by 1 to 200 characters');
  if (agent !== null && !grantTypes.includes('client_credentials'))
    problems.push('An agent binding needs the client_credentials grant type (its tokens carry the agent as subject)');
  // API tokens the client makes belong to the agent and would not carry the owner binding along.
  if (agent !== null && owners.length > 0)
    problems.push('A client acting as an agent cannot be bound to policy owners (the API tokens it makes belong to the agent)');

  if (problems.length > 0) return { ok: false, problems, unknownScopes };
  const registration: ClientRegistration = {
    name,
    clientType,
    grantTypes,
    redirectUris: uris,
    scopes,
    owners: owners.length > 0 ? owners : null,
    jwks: keys.jwks,
    jwksUri: keys.jwksUri,
    agent,
  };
  return { ok: true, registration };
}

/**
 * private_key_jwt's keys: a confidential client's, from one source. The jwks_uri's text only:
 * its host is resolved and checked against private addresses at every fetch (security/destination.ts).
 */
function clientKeysCheck(
  input: ClientRegistrationInput,
  clientType: 'confidential' | 'public',
  policy: JwksUriPolicy,
): { problems: string[]; jwks: ClientJwks | null; jwksUri: string | null } {
  const problems: string[] = [];
  const hasJwks = input.jwks !== undefined && input.jwks !== null;
  const hasUri = input.jwksUri !== undefined && input.jwksUri !== '';
  if (!hasJwks && !hasUri) return { problems, jwks: null, jwksUri: null };
  if (clientType === 'public') problems.push('A public client has no keys: jwks and jwks_uri are for private_key_jwt clients');
  if (hasJwks && hasUri) problems.push('Register the keys as jwks or at a jwks_uri, not both (RFC 7591 section 2)');
  let jwks: ClientJwks | null = null;
  if (hasJwks) {
    const checked = checkClientJwks(input.jwks);
    if (checked.ok) jwks = checked.jwks;
    else problems.push(`The JWK Set ${checked.problem}`);
  }
  if (hasUri) {
    const problem = jwksUriProblem(input.jwksUri!, policy);
    if (problem) problems.push(`The jwks_uri ${problem}`);
  }
  return { problems, jwks, jwksUri: hasUri ? input.jwksUri! : null };
}

function jwksUriProblem(text: string, policy: JwksUriPolicy): string | undefined {
  if (text.length > 2000) return 'is longer than 2000 characters';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'is not an absolute URL';
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowHttp))
    return 'must be https:// (http only when the server sets webhooksAllowHttp)';
  if (url.username || url.password) return 'must not contain credentials';
  if (url.hash) return 'must not contain a fragment';
  return undefined;
}
