import { CommandError, type FailureCode } from '../../../kit/src/index.js';

/** A token endpoint's refusal (RFC 6749 section 5.2): its `error` code, and why in words. */
export interface OAuthRefusal {
  error: string | undefined;
  reason: string;
  status: number;
}

/**
 * What a refused token exchange means to the person or script that asked, by the RFC's error code
 * (RFC 6749 section 5.2, RFC 8693 section 2.2.2, RFC 8707 section 2): a token, the client or its
 * registration refused is auth_error (exit 7), as any refused credential; what was asked for
 * (scopes, resource, the request) is usage_error (exit 2). Scripts switch on these codes; the
 * message keeps the server's code and description.
 */
const exchangeRefusals: Readonly<Record<string, { code: FailureCode; suggestion: string }>> = {
  invalid_grant: {
    code: 'auth_error',
    suggestion:
      "Both tokens must be this server's access tokens, current and not revoked, the actor token the client's own; and the user must have granted this agent (acctl agent grant list)",
  },
  invalid_client: {
    code: 'auth_error',
    suggestion: 'Check the client id and secret (--client-id and --client-secret-file, or ACCTL_CLIENT_ID and ACCTL_CLIENT_SECRET)',
  },
  unauthorized_client: {
    code: 'auth_error',
    suggestion:
      'The agent client must be registered for the grant: acctl server client create --grant-type client_credentials,urn:ietf:params:oauth:grant-type:token-exchange',
  },
  invalid_scope: { code: 'usage_error', suggestion: 'Ask for scopes both tokens and the delegation grant hold, or leave out --scope for all they share' },
  invalid_target: { code: 'usage_error', suggestion: "--resource must name this server's API (its public URL), or be left out" },
  invalid_request: { code: 'usage_error', suggestion: 'See docs/oauth.md, "Token exchange"' },
};

/** The CommandError of a refused `acctl token exchange`: the server's code and description, with what to check. */
export function exchangeRefused(refusal: OAuthRefusal): CommandError {
  const known = refusal.error !== undefined && Object.hasOwn(exchangeRefusals, refusal.error) ? exchangeRefusals[refusal.error] : undefined;
  const code: FailureCode = known?.code ?? (refusal.status === 401 ? 'auth_error' : 'usage_error');
  const label = refusal.error !== undefined && refusal.error !== refusal.reason ? ` (${refusal.error})` : '';
  return new CommandError(code, `The server refused the token exchange${label}: ${refusal.reason}`, { suggestions: known ? [known.suggestion] : [] });
}
