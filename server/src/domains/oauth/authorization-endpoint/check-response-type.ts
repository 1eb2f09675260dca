import { UnsupportedResponseType } from '../../../errors/oauth-errors.js';
import type { OAuthAuthorizationRequest } from '../../../../../core/src/index.js';

/** Spec: response_type must be `code` (RFC 6749 section 4.1.2.1: unsupported_response_type). */
export function checkResponseType(params: OAuthAuthorizationRequest): void {
  if (params.response_type !== 'code') throw new UnsupportedResponseType('response_type must be code');
}
