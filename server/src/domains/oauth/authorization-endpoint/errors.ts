import type { OAuthError } from '../../../errors/oauth-errors.js';

/**
 * RFC 6749 section 4.1.2.1: while the client or its redirect URI is in doubt, the error is shown
 * to the user on a page and the browser is never redirected (an open redirector otherwise).
 */
export class UntrustedAuthorizationRequest extends Error {
  override name = 'UntrustedAuthorizationRequest';
  constructor(readonly oauthError: OAuthError) {
    super(oauthError.message);
  }
}

/** Once the redirect URI is verified, errors go back to the client in the redirect, with its state. */
export class AuthorizationErrorResponse extends Error {
  override name = 'AuthorizationErrorResponse';
  constructor(
    readonly oauthError: OAuthError,
    readonly redirectUri: string,
    readonly state: string | undefined,
  ) {
    super(oauthError.message);
  }
}
