import type { Knex } from 'knex';
import { BoundedMap } from '../../security/bounded-map.js';
import type { Caller } from '../../plugins/auth/caller.js';
import { recordApiTokenUse } from './repo.js';

/** What the auth plugin calls once a request's caller is established (app.ts hands it over). */
export type RecordTokenUse = (caller: Caller, now: Date) => Promise<void>;

/**
 * An API token's last use, for GET /auth/tokens, without a write per request: at most one write a
 * minute per token, as GitHub records a personal access token's last use (to the hour, even). This
 * replica remembers when it last wrote each token (at most `maxTokens`, least recently used
 * forgotten first), so a busy token costs one UPDATE a minute, not one a request; the UPDATE
 * itself keeps replicas to one write a minute between them (repo.ts recordApiTokenUse). Called for
 * cached callers too: the verified-token cache would otherwise hide every use after the first.
 */
export function apiTokenUseRecorder(db: Knex, options: { intervalMs?: number; maxTokens?: number } = {}): RecordTokenUse {
  const intervalMs = options.intervalMs ?? 60_000;
  const lastWritten = new BoundedMap<string, number>(options.maxTokens ?? 10_000);
  return async (caller, now) => {
    if (caller.kind !== 'api_token') return;
    const written = lastWritten.get(caller.tokenId);
    if (written !== undefined && now.getTime() - written < intervalMs) return;
    lastWritten.set(caller.tokenId, now.getTime());
    await recordApiTokenUse(db, caller.tokenId, now, intervalMs);
  };
}
