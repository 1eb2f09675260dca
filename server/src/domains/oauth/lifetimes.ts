/**
 * Lifetimes of what the authorization-code flow issues, in one place. The spec leaves them open
 * (Authentication, item 8); access tokens last `config.accessTokenTtlSeconds` (spec: 3600 s).
 */
export const oauthLifetimes = {
  /**
   * RFC 6749 section 4.1.2 asks for a short lifetime (at most 10 minutes). The code only travels
   * through one redirect to a client that redeems it at once, so 60 seconds is ample.
   */
  authorizationCodeSeconds: 60,
  /**
   * Absolute lifetime of a refresh-token family: 30 days from the user's consent, however often
   * the token rotates (RFC 9700 section 4.14.2 lets rotation go on, but a family must end).
   * After that the user signs in again.
   */
  refreshTokenSeconds: 30 * 24 * 3600,
} as const;

/**
 * How far the clocks of the replicas (and of the resource servers that introspect) may disagree:
 * an access token's `iat` may lie this far in the future, and its `exp - iat` exceed the
 * configured lifetime by this much, before it is refused. RFC 7519 sections 4.1.4 and 4.1.6 allow
 * "some small leeway, usually no more than a few minutes"; one minute is what Auth0's and
 * Okta's SDKs default to.
 */
export const clockSkewSeconds = 60;
