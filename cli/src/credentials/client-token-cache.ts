import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { credentialsFilePath, withCredentialsLock, writeJsonFileAtomically } from './store.js';

/** Reuse a cached token only while it has more than this left, so it does not expire in flight (as a login's: session.ts). */
const reuseMarginMs = 60_000;

/** One access token a client id and secret obtained (client_credentials), for one profile and server. */
interface CachedClientToken {
  profile: string;
  server: string;
  client_id: string;
  access_token: string;
  /** ISO 8601. */
  expires_at: string;
}

interface ClientTokensFile {
  /** Keyed by clientTokenKey: a hash, so the file never holds the secret. */
  tokens: Record<string, CachedClientToken>;
}

/** What a mint returns: the token and its lifetime (RFC 6749 section 5.1 expires_in). */
export interface MintedToken {
  accessToken: string;
  expiresIn: number;
}

/** How the API client keeps a client_credentials token between processes (api/client.ts takes any). */
export interface ClientTokenCache {
  /** A cached token good for another minute, or the one `mint` obtains, then cached. */
  token(mint: () => Promise<MintedToken>): Promise<string>;
  /** Forgets `token` (the server refused it), unless another process has already replaced it. */
  forget(token: string): Promise<void>;
}

/** $XDG_CONFIG_HOME/acctl/client-tokens.json, beside credentials.json (0600 in a 0700 folder, as a login's). */
export function clientTokensFilePath(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(path.dirname(credentialsFilePath(env)), 'client-tokens.json');
}

/**
 * The entry's key: profile, server, client id, secret and requested scopes, hashed. A different
 * secret for the same client id (a rotated or mistyped one) never reuses another's token, and the
 * file holds no secret. SHA-256 of a 256-bit secret cannot be reversed (core's secret formats).
 */
export function clientTokenKey(fields: { profile: string; server: string; clientId: string; clientSecret: string; scope: string }): string {
  return createHash('sha256')
    .update(JSON.stringify([fields.profile, fields.server, fields.clientId, fields.clientSecret, fields.scope]))
    .digest('base64url');
}

/**
 * CI mode's token, kept between commands (issue #34: every command minted one, and
 * auth.token_issued drowned the audit log): the first command obtains it, the next ones reuse it
 * until a minute before it expires, as gh and the cloud CLIs keep theirs. Parallel processes (CI
 * jobs) take turns on a lock file to mint, so a cold cache costs one token, not one per job; the
 * file is replaced atomically (temp + rename), and a torn or invalid one counts as empty.
 */
export function fileClientTokenCache(options: {
  file: string;
  profile: string;
  server: string;
  clientId: string;
  clientSecret: string;
  scope?: string;
  now?: () => number;
}): ClientTokenCache {
  const key = clientTokenKey({ ...options, scope: options.scope ?? '' });
  const now = options.now ?? Date.now;
  const usable = async (): Promise<string | undefined> => {
    const entry = (await readClientTokens(options.file)).tokens[key];
    return entry && Date.parse(entry.expires_at) - now() > reuseMarginMs ? entry.access_token : undefined;
  };
  const change = (edit: (file: ClientTokensFile) => void): Promise<void> =>
    withCredentialsLock(options.file, async () => {
      const contents = await readClientTokens(options.file);
      edit(contents);
      await writeJsonFileAtomically(options.file, contents);
    });
  return {
    async token(mint) {
      const cached = await usable();
      if (cached !== undefined) return cached;
      return withCredentialsLock(options.file, async () => {
        // Another process may have minted while this one waited for the lock.
        const minted = await usable();
        if (minted !== undefined) return minted;
        const fresh = await mint();
        // A token that would not outlive the margin could never be reused: not worth a write.
        if (fresh.expiresIn * 1000 <= reuseMarginMs) return fresh.accessToken;
        const contents = await readClientTokens(options.file);
        // Expired entries go, so the file does not grow with every secret a CI system ever used.
        for (const [name, entry] of Object.entries(contents.tokens)) if (!(Date.parse(entry.expires_at) > now())) delete contents.tokens[name];
        contents.tokens[key] = {
          profile: options.profile,
          server: options.server,
          client_id: options.clientId,
          access_token: fresh.accessToken,
          expires_at: new Date(now() + fresh.expiresIn * 1000).toISOString(),
        };
        await writeJsonFileAtomically(options.file, contents);
        return fresh.accessToken;
      });
    },
    forget: (token) =>
      change((contents) => {
        if (contents.tokens[key]?.access_token === token) delete contents.tokens[key];
      }),
  };
}

/** The cache file; missing, unreadable as JSON or of another shape, it is empty: it is a cache, the next mint rewrites it. */
async function readClientTokens(file: string): Promise<ClientTokensFile> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return { tokens: {} };
  }
  const tokens = (parsed as Partial<ClientTokensFile> | null)?.tokens;
  if (typeof tokens !== 'object' || tokens === null || Array.isArray(tokens)) return { tokens: {} };
  const valid = Object.entries(tokens).filter(
    ([, entry]) =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as CachedClientToken).access_token === 'string' &&
      typeof (entry as CachedClientToken).expires_at === 'string',
  );
  return { tokens: Object.fromEntries(valid) as Record<string, CachedClientToken> };
}
