/**
 * `User-Agent: acctl/<version>` on every request the CLI sends (issue #22): the API client's and
 * sign-in's (metadata, code, refresh, revoke) alike, so a server's logs and audit events tell the
 * CLI and its version from other callers. Its own module: commands that do not load the API client
 * (login, logout) send it too.
 */
export function cliUserAgent(version: string | undefined): string {
  return `acctl/${version ?? 'unknown'}`;
}
