import type { ActorClaim } from '../../../../core/src/index.js';

/** Who is calling, as established from the bearer token. */
export interface Caller {
  kind: 'access_token' | 'api_token';
  /** Principal id (user), client id (client_credentials) or the API token's subject. */
  subject: string;
  clientId: string | null;
  scopes: string[];
  /** The access token's jti or the API token's id. */
  tokenId: string;
  expiresAt: Date | null;
  /** The delegation of a token exchanged under RFC 8693 (its `act` claim): who acts for `subject`. */
  act?: ActorClaim;
  /** RFC 9449: the JWK SHA-256 thumbprint (RFC 7638) a DPoP-bound token is bound to (`cnf.jkt`). */
  jkt?: string;
}

/** A bearer token that does not establish a caller; `tokenKind` is what it looked like, for auth.failed. */
export class BearerTokenRejected extends Error {
  override name = 'BearerTokenRejected';

  constructor(
    message: string,
    readonly tokenKind: Caller['kind'],
  ) {
    super(message);
  }
}

/**
 * Establishes the caller of a bearer token at `now`, or throws BearerTokenRejected. The domains
 * that issue tokens implement it (domains/api-tokens/verify-bearer-token.ts) and app.ts passes it
 * to the auth plugin, which imports no domain.
 */
export type VerifyBearerToken = (token: string, now: Date) => Promise<Caller>;
