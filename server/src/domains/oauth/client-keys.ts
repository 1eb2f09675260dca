import { checkClientJwks, maxClientJwksBytes, type ClientJwks } from '../../../../core/src/index.js';
import { BoundedMap } from '../../security/bounded-map.js';
import { DestinationRefused, parseWebhookUrl, resolveDestination, type DestinationPolicy, type ResolveHost } from '../../security/destination.js';
import { OutboundGetFailed, outboundGet } from '../../security/outbound-get.js';
import type { OAuthClientRow } from './clients-repo.js';

/**
 * How a jwks_uri is fetched and kept (node-oidc-provider keeps a client's fetched keys the same
 * way): for a TTL, fetched again sooner only when an assertion names a kid it lacks, and then
 * at most once per interval, so a flood of assertions with made-up kids costs its owner one GET
 * a minute, not one each. A failed fetch is answered for the interval too.
 */
export const jwksUriFetching = { ttlSeconds: 300, refetchIntervalSeconds: 60, timeoutMs: 5000, maxBytes: 4 * maxClientJwksBytes, maxEntries: 1000 };

/** The keys of a client could not be had; the message is for the client's owner, in the error description. */
export class ClientKeysUnavailable extends Error {
  override name = 'ClientKeysUnavailable';
}

interface Fetched {
  jwks: ClientJwks;
  fetchedAt: number;
}

/**
 * The public keys of private_key_jwt clients: the registered JWK Set, or the one at the
 * jwks_uri, fetched under the rules of every request the server makes (security/destination.ts:
 * https unless webhooksAllowHttp, every resolved address public unless
 * webhooksAllowPrivateNetworks, the connection pinned to the checked address, a deadline and a
 * size limit) and checked by the registration's rules (core checkClientJwks: public keys only).
 */
export class ClientKeys {
  private readonly fetched: BoundedMap<string, Fetched>;
  /**
   * The last failed fetch of a jwks_uri, answered again for the refetch interval: a host that is
   * down or slow would otherwise be asked again by every assertion, each waiting out the deadline.
   */
  private readonly failed: BoundedMap<string, { error: ClientKeysUnavailable; at: number }>;
  private readonly inFlight = new Map<string, Promise<Fetched>>();

  constructor(
    private readonly policy: DestinationPolicy,
    private readonly resolve?: ResolveHost,
  ) {
    this.fetched = new BoundedMap(jwksUriFetching.maxEntries);
    this.failed = new BoundedMap(jwksUriFetching.maxEntries);
  }

  /** The keys to verify with; `refresh`: the assertion's kid was not among them, fetch again if the interval allows. */
  async of(client: OAuthClientRow, now: Date, refresh = false): Promise<ClientJwks | undefined> {
    if (client.jwks) return client.jwks;
    if (!client.jwks_uri) return undefined;
    const uri = client.jwks_uri;
    const known = this.fetched.get(uri);
    const age = known ? (now.getTime() - known.fetchedAt) / 1000 : Infinity;
    const stale = age >= jwksUriFetching.ttlSeconds || (refresh && age >= jwksUriFetching.refetchIntervalSeconds);
    if (known && !stale) return known.jwks;
    const failure = this.failed.get(uri);
    if (failure && (now.getTime() - failure.at) / 1000 < jwksUriFetching.refetchIntervalSeconds) throw failure.error;
    // Concurrent assertions of one client share one fetch.
    let fetching = this.inFlight.get(uri);
    if (!fetching) {
      fetching = this.fetch(uri, now)
        .then(
          (fresh) => {
            this.failed.delete(uri);
            return fresh;
          },
          (error: unknown) => {
            if (error instanceof ClientKeysUnavailable) this.failed.set(uri, { error, at: now.getTime() });
            throw error;
          },
        )
        .finally(() => this.inFlight.delete(uri));
      this.inFlight.set(uri, fetching);
    }
    const fresh = await fetching;
    this.fetched.set(uri, fresh);
    return fresh.jwks;
  }

  /** Whether `of(client, now, true)` would fetch again: a kid unknown within the interval is just unknown. */
  canRefresh(client: OAuthClientRow, now: Date): boolean {
    if (!client.jwks_uri) return false;
    const known = this.fetched.get(client.jwks_uri);
    return !known || (now.getTime() - known.fetchedAt) / 1000 >= jwksUriFetching.refetchIntervalSeconds;
  }

  private async fetch(uri: string, now: Date): Promise<Fetched> {
    let body: Buffer;
    try {
      const destination = await resolveDestination(parseWebhookUrl(uri, this.policy), this.policy, this.resolve);
      body = await outboundGet({
        destination,
        accept: 'application/jwk-set+json, application/json',
        timeoutMs: jwksUriFetching.timeoutMs,
        maxBytes: jwksUriFetching.maxBytes,
      });
    } catch (error) {
      if (error instanceof DestinationRefused || error instanceof OutboundGetFailed)
        throw new ClientKeysUnavailable(`The client's jwks_uri was not fetched: ${error.message}`);
      throw error;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      throw new ClientKeysUnavailable("The client's jwks_uri did not answer JSON");
    }
    const checked = checkClientJwks(parsed);
    if (!checked.ok) throw new ClientKeysUnavailable(`The JWK Set at the client's jwks_uri ${checked.problem}`);
    return { jwks: checked.jwks, fetchedAt: now.getTime() };
  }
}
