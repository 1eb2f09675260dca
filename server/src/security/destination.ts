import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { forbiddenAddressReason } from './private-addresses.js';

/**
 * What configuration allows an outbound URL to be: a webhook's, a client's jwks_uri (config:
 * webhooksAllowHttp, webhooksAllowPrivateNetworks, one switch for every request the server makes).
 */
export interface DestinationPolicy {
  allowHttp: boolean;
  allowPrivateNetworks: boolean;
}

/** A resolver of host names to every address they have; dns.lookup by default, tests pass their own. */
export type ResolveHost = (hostname: string) => Promise<string[]>;

export const resolveWithDns: ResolveHost = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/** A URL, or an address it resolves to, that the service will not send to; the message says why. */
export class DestinationRefused extends Error {
  override name = 'DestinationRefused';
}

/** A checked destination: the URL, and the one address the connection must go to. */
export interface ResolvedDestination {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** The rules on the URL's text: absolute http(s), https unless allowed, no credentials, no fragment. */
export function parseWebhookUrl(text: string, policy: DestinationPolicy): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new DestinationRefused('The URL is not an absolute URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new DestinationRefused('The URL must be https://');
  if (url.protocol === 'http:' && !policy.allowHttp)
    throw new DestinationRefused('The URL must be https:// (http is allowed only when the server sets webhooksAllowHttp)');
  if (url.username || url.password) throw new DestinationRefused('The URL must not contain credentials: authenticate deliveries with the signature');
  if (url.hash) throw new DestinationRefused('The URL must not contain a fragment');
  return url;
}

/**
 * Resolves the URL's host and checks every address it has, not only the first: a name that
 * resolves to one public and one private address is refused, since the connection could go to
 * either. The caller connects to the returned address (and no other), so a DNS answer that
 * changes between this check and the connection (DNS rebinding) cannot redirect it. Run at
 * creation and again before every delivery attempt.
 */
export async function resolveDestination(url: URL, policy: DestinationPolicy, resolve: ResolveHost = resolveWithDns): Promise<ResolvedDestination> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await resolve(host);
    } catch (error) {
      throw new DestinationRefused(`The host ${host} does not resolve (${(error as NodeJS.ErrnoException).code ?? 'lookup failed'})`);
    }
    if (addresses.length === 0) throw new DestinationRefused(`The host ${host} does not resolve`);
  }
  if (!policy.allowPrivateNetworks) {
    for (const address of addresses) {
      const reason = forbiddenAddressReason(address);
      if (reason)
        throw new DestinationRefused(
          `The host ${host} resolves to ${address}, a ${reason} address; the server sends requests to public addresses only (unless it sets webhooksAllowPrivateNetworks)`,
        );
    }
  }
  const address = addresses[0]!;
  return { url, address, family: isIP(address) === 6 ? 6 : 4 };
}

/**
 * A socket lookup that answers with the checked address only: the host name is still used for
 * TLS (SNI, the certificate) and the Host header, but never resolved again (no DNS rebinding).
 */
export function pinnedLookup({ address, family }: ResolvedDestination): LookupFunction {
  return (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as unknown as (error: null, addresses: Array<{ address: string; family: number }>) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/**
 * A request to the checked destination and no other address: its pinned lookup, no connection
 * pooling (a pooled socket could outlive the check). Redirects are never followed by node's http.
 */
export function requestPinned(
  destination: ResolvedDestination,
  method: string,
  headers: Record<string, string>,
  onResponse: (response: http.IncomingMessage) => void,
): http.ClientRequest {
  const { url } = destination;
  const client = url.protocol === 'https:' ? https : http;
  return client.request(
    {
      protocol: url.protocol,
      hostname: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method,
      headers,
      lookup: pinnedLookup(destination),
      agent: false,
    },
    onResponse,
  );
}
