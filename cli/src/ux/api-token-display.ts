import type { ApiToken, ApiTokenSummary } from '../../../core/src/index.js';
import { shortTime } from './resource-display.js';
import { keyValueLines, renderTable, style } from '../../../kit/src/index.js';

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

/** `acctl token list`: one line per token, the hint to tell which one you hold; never the token (the server has only its hash). */
export function apiTokenTable(tokens: readonly ApiTokenSummary[]): string {
  return renderTable(
    [
      { header: 'ID', value: (token: ApiTokenSummary) => token.id },
      { header: 'NAME', value: (token) => token.name },
      { header: 'ENDS', value: (token) => `...${token.token_hint}` },
      { header: 'SCOPES', value: (token) => token.scopes.join(',') },
      { header: 'OWNER', value: (token) => token.owner },
      { header: 'CREATED', value: (token) => shortTime(token.created_at) },
      { header: 'LAST USED', value: (token) => (token.last_used_at ? shortTime(token.last_used_at) : 'never') },
      { header: 'EXPIRES', value: (token) => (token.expires_at ? shortTime(token.expires_at) : 'never') },
      { header: 'STATUS', value: (token) => token.status },
    ],
    tokens,
  );
}
