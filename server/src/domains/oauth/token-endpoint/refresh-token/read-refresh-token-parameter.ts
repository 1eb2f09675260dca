import { InvalidRequest } from '../../../../errors/oauth-errors.js';
import type { OAuthTokenRequest } from '../../../../../../core/src/index.js';

export function readRefreshTokenParameter(params: OAuthTokenRequest): string {
  if (params.refresh_token === undefined || params.refresh_token === '') throw new InvalidRequest('refresh_token is required');
  return params.refresh_token;
}
