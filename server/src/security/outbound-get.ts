import { requestPinned, type ResolvedDestination } from './destination.js';

/** Why a GET of a checked destination gave no document; the message is safe to show its owner. */
export class OutboundGetFailed extends Error {
  override name = 'OutboundGetFailed';
}

export interface OutboundGet {
  destination: ResolvedDestination;
  accept: string;
  timeoutMs: number;
  maxBytes: number;
}

/**
 * GETs a checked destination (security/destination.ts), connecting to its address only: one
 * deadline for connecting and the whole body, a size limit counted as the bytes arrive, no
 * redirects followed, no connection pooling (node-oidc-provider's request helper keeps the same
 * limits for the jwks_uri it fetches). Answers the body of a 200, else throws OutboundGetFailed.
 */
export function outboundGet(request: OutboundGet): Promise<Buffer> {
  const { url } = request.destination;
  return new Promise<Buffer>((resolve, reject) => {
    let settled = false;
    const finish = (error: string | null, body?: Buffer): void => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      outgoing.destroy();
      if (error === null) resolve(body!);
      else reject(new OutboundGetFailed(error));
    };
    const outgoing = requestPinned(request.destination, 'GET', { accept: request.accept }, (response) => {
      if (response.statusCode !== 200) return finish(`${url.origin} answered ${response.statusCode ?? 'nothing'} (redirects are not followed)`);
      const chunks: Buffer[] = [];
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > request.maxBytes) return finish(`the answer of ${url.origin} is larger than ${request.maxBytes} bytes`);
        chunks.push(chunk);
      });
      response.on('end', () => finish(null, Buffer.concat(chunks)));
      response.on('error', (error: NodeJS.ErrnoException) => finish(`reading the answer of ${url.origin} failed: ${error.code ?? 'error'}`));
    });
    const deadline = setTimeout(() => finish(`${url.origin} did not answer within ${request.timeoutMs} ms`), request.timeoutMs);
    outgoing.on('error', (error: NodeJS.ErrnoException) => finish(`connecting to ${url.origin} failed: ${error.code ?? 'error'}`));
    outgoing.end();
  });
}
