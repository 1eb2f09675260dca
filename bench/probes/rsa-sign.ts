/**
 * The ceiling for the token endpoint: RS256 signatures per second by node:crypto, with nothing else
 * around them, over a signing input as long as a real access token's header and payload. The key is
 * RSA 2048, as the server's signing keys (keys/signing-key-store.ts).
 *
 *   node --import tsx bench/probes/rsa-sign.ts --bytes=420 --seconds=3
 *
 * Prints one JSON line. `sync_signs_per_second` is crypto.sign in a loop on this thread (the ceiling
 * the runner uses); `subtle_signs_per_second` is crypto.subtle.sign with 8 in flight, which is what
 * jose does and which runs on libuv's thread pool, so it may use more than one core.
 */
import { generateKeyPairSync, sign, webcrypto } from 'node:crypto';

const argument = (name: string, fallback: number): number => Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const bytes = argument('bytes', 420);
const seconds = argument('seconds', 3);

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const input = Buffer.from('e'.repeat(bytes));

function syncRate(milliseconds: number): number {
  const started = performance.now();
  let signatures = 0;
  let elapsed = 0;
  do {
    for (let n = 0; n < 10; n += 1) sign('RSA-SHA256', input, privateKey);
    signatures += 10;
    elapsed = performance.now() - started;
  } while (elapsed < milliseconds);
  return (signatures / elapsed) * 1000;
}

async function subtleRate(milliseconds: number, inFlight: number): Promise<number> {
  const der = privateKey.export({ type: 'pkcs8', format: 'der' });
  const key = await webcrypto.subtle.importKey('pkcs8', der, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign']);
  const started = performance.now();
  let signatures = 0;
  const worker = async (): Promise<void> => {
    while (performance.now() - started < milliseconds) {
      await webcrypto.subtle.sign('RSASSA-PKCS1-v1_5', key, input);
      signatures += 1;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return (signatures / (performance.now() - started)) * 1000;
}

syncRate(300);
const sync = syncRate((seconds * 1000) / 2);
const subtle = await subtleRate((seconds * 1000) / 2, 8);
console.log(JSON.stringify({ bytes, modulus_bits: 2048, seconds, sync_signs_per_second: Math.round(sync), subtle_signs_per_second: Math.round(subtle) }));
