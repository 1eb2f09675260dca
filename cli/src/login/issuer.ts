import { serverUnreachable } from '../api/client.js';
import { CommandError } from '../../../kit/src/index.js';

/**
 * The issuer the server names in its RFC 8414 metadata, which its authorization answers must carry
 * in `iss` (RFC 9207). Asked before the browser opens, so an unreachable server fails at once.
 */
export async function authorizationServerIssuer(server: string, userAgent: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`${server}/.well-known/oauth-authorization-server`, {
      signal: AbortSignal.timeout(15_000),
      headers: { accept: 'application/json', 'user-agent': userAgent },
    });
  } catch (error) {
    throw serverUnreachable(server, error);
  }
  const metadata = response.ok ? ((await response.json().catch(() => ({}))) as { issuer?: unknown }) : {};
  if (typeof metadata.issuer !== 'string')
    throw new CommandError('auth_error', `${server} does not publish OAuth metadata with an issuer: is it an acctl server?`);
  return metadata.issuer;
}
