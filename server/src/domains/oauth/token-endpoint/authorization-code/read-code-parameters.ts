import { InvalidRequest } from '../../../../errors/oauth-errors.js';
import type { OAuthTokenRequest } from '../../../../../../core/src/index.js';

/**
 * RFC 6749 section 4.1.3: `code`, and `redirect_uri` because every authorization request here
 * carries one (the spec requires it at /oauth/authorize).
 */
export function readCodeParameters(params: OAuthTokenRequest): { code: string; redirectUri: string } {
  if (params.code === undefined || params.code === '') throw new InvalidRequest('code is required');
  if (params.redirect_uri === undefined || params.redirect_uri === '') throw new InvalidRequest('redirect_uri is required: the one sent to /oauth/authorize');
  return { code: params.code, redirectUri: params.redirect_uri };
}
