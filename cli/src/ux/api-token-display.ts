import type { ApiToken } from '../../../core/src/index.js';
import { shortTime } from './resource-display.js';
import { keyValueLines, style } from '../../../kit/src/index.js';

/** An API token just issued: its details, then the secret with the warning that it is shown once. */
export function issuedTokenLines(token: ApiToken): string[] {
  return [
    ...keyValueLines([
      ['id', token.id],
      ['name', token.name],
      ['scopes', token.scopes.join(' ')],
      ['expires', token.expires_at ? shortTime(token.expires_at) : style.yellow('never')],
      ['created', `${shortTime(token.created_at)} by ${token.created_by}`],
      ...(token.replaces ? [['replaces', `${token.replaces} (now revoked)`] as const] : []),
      ['token', style.bold(token.token)],
    ]),
    style.yellow('Store this token now: it will not be shown again.'),
  ];
}
