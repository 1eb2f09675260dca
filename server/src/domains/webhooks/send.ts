import { packageVersion } from '../meta/index.js';
import { requestPinned, type ResolvedDestination } from '../../security/destination.js';

/** How much of a receiver's answer the delivery log keeps: enough to see an error message. */
export const responseExcerptBytes = 1024;

export interface AttemptResult {
  /** A 2xx answer. Anything else (3xx included: redirects are not followed) is a failure. */
  ok: boolean;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  responseExcerpt: string | null;
  /** Stopped by the caller's signal (shutdown), not by the receiver: not an attempt to record. */
  aborted: boolean;
}

export interface OutgoingRequest {
  destination: ResolvedDestination;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * POSTs one delivery to the checked address, and only to it: the socket's `lookup` answers with
 * that address, so the host name is used for TLS (SNI, certificate check) and the Host header
 * but never resolved again. One deadline covers connecting, the answer and the excerpt; no
 * connection pooling, no redirects followed. Never throws: every outcome is an AttemptResult.
 */
export function postDelivery(request: OutgoingRequest): Promise<AttemptResult> {
  const started = performance.now();
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    let statusCode: number | null = null;
    const chunks: Buffer[] = [];
    let received = 0;
    const finish = (error: string | null, aborted = false): void => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      request.signal?.removeEventListener('abort', onAbort);
      outgoing.destroy();
      const ok = error === null && statusCode !== null && statusCode >= 200 && statusCode < 300;
      const excerpt = chunks.length > 0 ? Buffer.concat(chunks).subarray(0, responseExcerptBytes).toString('utf8') : null;
      resolve({
        ok,
        statusCode,
        latencyMs: Math.round(performance.now() - started),
        error: error ?? (ok ? null : failureOf(statusCode)),
        responseExcerpt: excerpt,
        aborted,
      });
    };
    const onAbort = (): void => finish('aborted: the server is shutting down', true);
    const outgoing = requestPinned(
      request.destination,
      'POST',
      { 'content-type': 'application/json', 'user-agent': `acctl-webhooks/${packageVersion}`, ...request.headers },
      (response) => {
        statusCode = response.statusCode ?? null;
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          received += chunk.length;
          if (received >= responseExcerptBytes) finish(null);
        });
        response.on('end', () => finish(null));
        response.on('error', () => finish(null));
      },
    );
    // Once the status is known, a receiver that is slow to send its body has still answered.
    const deadline = setTimeout(() => finish(statusCode === null ? `timeout: no answer within ${request.timeoutMs} ms` : null), request.timeoutMs);
    outgoing.on('error', (error: NodeJS.ErrnoException) => finish(`connection failed: ${error.code ?? error.message}`));
    if (request.signal?.aborted) onAbort();
    else request.signal?.addEventListener('abort', onAbort);
    outgoing.end(request.body);
  });
}

function failureOf(statusCode: number | null): string {
  if (statusCode === null) return 'no answer';
  if (statusCode >= 300 && statusCode < 400) return `redirect (${statusCode}) not followed: give the webhook its final URL`;
  return `receiver answered ${statusCode}`;
}
