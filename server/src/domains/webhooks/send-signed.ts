import { DestinationRefused, resolveDestination, type DestinationPolicy, type ResolvedDestination, type ResolveHost } from '../../security/destination.js';
import type { WebhookRow } from './repo.js';
import { decryptSigningSecret } from './secret-store.js';
import { postDelivery, type AttemptResult } from './send.js';
import { signDelivery } from './signature.js';

/** What sending to a webhook needs from configuration. */
export interface SendSettings {
  policy: DestinationPolicy;
  timeoutMs: number;
  keyEncryptionKey: string;
}

export interface SendOptions {
  resolveHost?: ResolveHost;
  signal?: AbortSignal;
}

/**
 * One signed attempt, in the order of its checks: the URL's host is resolved and every address
 * checked (again at each attempt: DNS may have changed since creation), the body is signed with
 * the attempt's timestamp, and the request goes to the checked address only.
 */
export async function sendSigned(
  webhook: Pick<WebhookRow, 'id' | 'url' | 'secret_ciphertext'>,
  messageId: string,
  body: string,
  settings: SendSettings,
  options: SendOptions = {},
): Promise<AttemptResult> {
  let destination: ResolvedDestination;
  try {
    destination = await resolveDestination(new URL(webhook.url), settings.policy, options.resolveHost);
  } catch (error) {
    if (!(error instanceof DestinationRefused)) throw error;
    return { ok: false, statusCode: null, latencyMs: 0, error: `destination refused: ${error.message}`, responseExcerpt: null, aborted: false };
  }
  const secret = decryptSigningSecret(webhook.secret_ciphertext, settings.keyEncryptionKey, webhook.id);
  const headers = signDelivery(secret, messageId, new Date(), body);
  return postDelivery({ destination, headers: { ...headers }, body, timeoutMs: settings.timeoutMs, ...(options.signal ? { signal: options.signal } : {}) });
}
