/**
 * Token issuance with DPoP beside plain client_credentials (issue #36): one acctl server in its own
 * process on a fresh database, the same client, the same load generator (fetch, `--connections`
 * closed loops), the two kinds of request in interleaved rounds after a warm-up each, so load
 * from elsewhere weighs on both alike. Each DPoP request carries its own ES256 proof (a fresh jti),
 * signed before its round starts so signing proofs does not load the server's cores while it is
 * measured. Goal: DPoP req/s ≥ 0.8 × plain.
 *
 *   npx tsx bench/dpop-tokens.bench.ts [--seconds=4 --rounds=3 --connections=16]
 */
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { setupTestDatabases, teardownTestDatabases } from '../scripts/test-databases.js';
import { startDecisionServer, tokenRequestFor } from './lib/acctl-server.js';
import { stopAllServers } from './lib/children.js';
import { paymentsPolicies } from './fixtures/policies.js';

const option = (name: string, fallback: number): number => {
  const given = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  return given ? Number(given.slice(name.length + 3)) : fallback;
};
const seconds = option('seconds', 4);
const rounds = option('rounds', 3);
const connections = option('connections', 16);

await setupTestDatabases();
const tokens = await startDecisionServer('acctl, tokens', paymentsPolicies());
const url = `${tokens.server.url}/v1/oauth/token`;
const body = tokenRequestFor(tokens.server).toString();
const { privateKey, publicKey } = await generateKeyPair('ES256');
const jwk = await exportJWK(publicKey);

async function proofs(count: number): Promise<string[]> {
  const iat = Math.floor(Date.now() / 1000);
  const signed: string[] = [];
  for (let n = 0; n < count; n++)
    signed.push(
      await new SignJWT({ htm: 'POST', htu: url })
        .setProtectedHeader({ typ: 'dpop+jwt', alg: 'ES256', jwk })
        .setJti(randomUUID())
        .setIssuedAt(iat)
        .sign(privateKey),
    );
  return signed;
}

/** Closed loops for `duration` seconds; requests answered 200 per second. Anything else fails the run. */
async function run(duration: number, dpop: string[] | undefined): Promise<number> {
  const ends = performance.now() + duration * 1000;
  let next = 0;
  let ok = 0;
  const loop = async (): Promise<void> => {
    while (performance.now() < ends) {
      const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
      if (dpop) {
        const proof = dpop[next++];
        if (proof === undefined) return; // the round ends early: its rate is over the time it ran
        headers.dpop = proof;
      }
      const response = await fetch(url, { method: 'POST', headers, body });
      const answer = (await response.json()) as { token_type?: string };
      if (response.status !== 200 || answer.token_type !== (dpop ? 'DPoP' : 'Bearer'))
        throw new Error(`unexpected answer ${response.status} ${JSON.stringify(answer)}`);
      ok += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, loop));
  return ok / ((performance.now() - started) / 1000);
}

try {
  const warmPlain = await run(Math.max(1, seconds / 2), undefined);
  const estimate = Math.ceil(warmPlain * seconds * 1.5) + connections;
  await run(Math.max(1, seconds / 2), await proofs(Math.ceil(warmPlain * Math.max(1, seconds / 2) * 1.5) + connections));
  const figures = { plain: [] as number[], dpop: [] as number[] };
  for (let round = 0; round < rounds; round++) {
    const order: Array<'plain' | 'dpop'> = round % 2 ? ['dpop', 'plain'] : ['plain', 'dpop'];
    for (const kind of order) {
      const prepared = kind === 'dpop' ? await proofs(estimate) : undefined;
      figures[kind].push(await run(seconds, prepared));
    }
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const plain = mean(figures.plain);
  const dpop = mean(figures.dpop);
  console.log(
    JSON.stringify(
      {
        connections,
        seconds,
        rounds,
        plain_rps: Math.round(plain),
        dpop_rps: Math.round(dpop),
        ratio: Number((dpop / plain).toFixed(2)),
        rounds_rps: figures,
      },
      null,
      2,
    ),
  );
} finally {
  await stopAllServers();
  await teardownTestDatabases();
}
