/**
 * OAuth 2.0 errors, one class per RFC error code (node-oidc-provider's habit), answered as
 * RFC 6749 section 5.2 bodies: `{ error, error_description }`.
 */
export class OAuthError extends Error {
  readonly error: string;
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(error: string, status: number, description: string, headers: Record<string, string> = {}) {
    super(description);
    this.name = 'OAuthError';
    this.error = error;
    this.status = status;
    this.headers = headers;
  }

  toBody(): { error: string; error_description: string } {
    return { error: this.error, error_description: this.message };
  }
}

export class InvalidRequest extends OAuthError {
  constructor(description: string) {
    super('invalid_request', 400, description);
  }
}

/**
 * RFC 6749 section 5.2: 401, and when the client tried HTTP Basic, a WWW-Authenticate header
 * naming the scheme it used.
 */
export class InvalidClient extends OAuthError {
  constructor(description: string, usedBasic: boolean) {
    super('invalid_client', 401, description, usedBasic ? { 'www-authenticate': 'Basic realm="acctl", charset="UTF-8"' } : {});
  }
}

export class InvalidGrant extends OAuthError {
  constructor(description: string) {
    super('invalid_grant', 400, description);
  }
}

export class UnauthorizedClient extends OAuthError {
  constructor(description: string) {
    super('unauthorized_client', 400, description);
  }
}

export class UnsupportedGrantType extends OAuthError {
  constructor(description: string) {
    super('unsupported_grant_type', 400, description);
  }
}

export class InvalidScope extends OAuthError {
  constructor(description: string) {
    super('invalid_scope', 400, description);
  }
}

/** RFC 8707 section 2 and RFC 8693 section 2.2.2: the `resource` (or exchange `audience`) is malformed, unknown, not one the grant covers, or repeated. */
export class InvalidTarget extends OAuthError {
  constructor(description: string) {
    super('invalid_target', 400, description);
  }
}

/** RFC 9449 section 5: the DPoP proof sent to the token endpoint does not hold. */
export class InvalidDPoPProof extends OAuthError {
  constructor(description: string) {
    super('invalid_dpop_proof', 400, description);
  }
}

/**
 * RFC 6749 section 4.1.2.1: errors of the authorization endpoint reach the client as `error` in
 * the query of the redirect, never as a body; the status is only what a page showing them uses.
 */
export class AccessDenied extends OAuthError {
  constructor(description: string) {
    super('access_denied', 400, description);
  }
}

export class UnsupportedResponseType extends OAuthError {
  constructor(description: string) {
    super('unsupported_response_type', 400, description);
  }
}

/** RFC 7009 section 2.2.1: the revocation endpoint cannot revoke this kind of token. */
export class UnsupportedTokenType extends OAuthError {
  constructor(description: string) {
    super('unsupported_token_type', 400, description);
  }
}

/**
 * Too many requests from this client (rate limits). RFC 6749 defines no code for it; this is the
 * extension code Auth0's token endpoint answers with 429. Retry-After says when to try again.
 */
export class TooManyRequests extends OAuthError {
  constructor(description: string, headers: Record<string, string> = {}) {
    super('too_many_requests', 429, description, headers);
  }
}

/**
 * Too many failed client authentications for this client from this address: refused without
 * checking the secret until Retry-After. Auth0's extension code for its brute-force protection.
 */
export class TooManyAttempts extends OAuthError {
  constructor(description: string, retryAfterSeconds: number) {
    super('too_many_attempts', 429, description, { 'retry-after': String(retryAfterSeconds) });
  }
}

export class ServerError extends OAuthError {
  constructor() {
    super('server_error', 500, 'The authorization server encountered an unexpected condition');
  }
}

export class TemporarilyUnavailable extends OAuthError {
  constructor() {
    super('temporarily_unavailable', 503, 'The authorization server is temporarily unavailable');
  }
}
