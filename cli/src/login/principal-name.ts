import { apiBaseUrl } from '../api/client.js';

const requestTimeoutMs = 10_000;

/**
 * The name of the principal a fresh access token was issued to (GET /v1/principals/{sub}, once at
 * sign-in, stored with the profile so whoami and config list show it without asking the server).
 * Undefined when the token may not read principals (login --scopes without read:principals) or the
 * server does not answer: the id still identifies the user, so sign-in never fails for a name.
 */
export async function principalName(server: string, accessToken: string, subject: string, userAgent: string): Promise<string | undefined> {
  if (!subject) return undefined;
  try {
    const response = await fetch(`${apiBaseUrl(server)}/principals/${encodeURIComponent(subject)}`, {
      signal: AbortSignal.timeout(requestTimeoutMs),
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', 'user-agent': userAgent },
    });
    if (!response.ok) return undefined;
    const principal = (await response.json()) as { name?: unknown };
    return typeof principal.name === 'string' && principal.name.length > 0 ? principal.name : undefined;
  } catch {
    return undefined;
  }
}
