import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks (https://www.standardwebhooks.com, "Signature scheme"): the secret is
 * `whsec_` + base64 of random bytes; a delivery is signed with HMAC-SHA256, keyed with the
 * base64-decoded secret, over `${webhook-id}.${webhook-timestamp}.${body}`, and sent as
 * `webhook-signature: v1,<base64>`. Any Standard Webhooks library verifies it.
 */
export const secretPrefix = 'whsec_';

/** A new signing secret: 32 random bytes (the specification asks for 24 to 64). */
export function generateSigningSecret(): string {
  return `${secretPrefix}${randomBytes(32).toString('base64')}`;
}

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** The three Standard Webhooks headers of one attempt; `timestamp` is the attempt's time. */
export function signDelivery(secret: string, messageId: string, timestamp: Date, body: string): SignedHeaders {
  const seconds = String(Math.floor(timestamp.getTime() / 1000));
  const key = Buffer.from(secret.slice(secretPrefix.length), 'base64');
  const signature = createHmac('sha256', key).update(`${messageId}.${seconds}.${body}`, 'utf8').digest('base64');
  return { 'webhook-id': messageId, 'webhook-timestamp': seconds, 'webhook-signature': `v1,${signature}` };
}
