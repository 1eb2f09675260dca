/**
 * The `dpop` section (issue #36): client_credentials tokens bound to a DPoP key beside plain ones
 * on the same acctl server (one process, one fresh database), the same client and the same load
 * generator, in interleaved rounds after a warm-up each, so the machine's neighbours weigh on
 * both alike. Every DPoP request carries its own ES256 proof (a fresh `jti`, so each takes its row
 * in `dpop_proof_jtis`), signed before its run starts: signing proofs does not load the cores
 * while the server is measured. Plain requests carry a header of the same length through the same
 * hook, so the load generator does the same work for both. Goal: DPoP issuance at least 0.8x plain.
 */
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { paymentsPolicies } from '../fixtures/policies.js';
import type { PeerSettings } from '../peers/settings.js';
import { startDecisionServer, tokenTarget } from './acctl-server.js';
import { met, table, throughput } from './format.js';
import { closedLoop, type LoadResult, type LoadTarget } from './load.js';
import { significant } from './stats.js';

export const dpopGoal = 0.8;

export interface DPoPSummary {
  plain: LoadResult;
  dpop: LoadResult;
  dpop_to_plain_throughput: number;
}

/** Proofs signed ahead of a run, one taken per request. */
class ProofPool {
  private proofs: string[] = [];

  private constructor(
    private readonly htu: string,
    private readonly privateKey: CryptoKey,
    private readonly jwk: JWK,
  ) {}

  static async create(htu: string): Promise<ProofPool> {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    return new ProofPool(htu, privateKey, await exportJWK(publicKey));
  }

  /** Replaces the pool with `count` fresh proofs (those of the last run are spent or near their age limit). */
  async fill(count: number): Promise<void> {
    const iat = Math.floor(Date.now() / 1000);
    const signing = Array.from({ length: count }, () =>
      new SignJWT({ htm: 'POST', htu: this.htu })
        .setProtectedHeader({ typ: 'dpop+jwt', alg: 'ES256', jwk: this.jwk })
        .setJti(randomUUID())
        .setIssuedAt(iat)
        .sign(this.privateKey),
    );
    this.proofs = await Promise.all(signing);
  }

  /** How long a proof of this pool is (its jti and iat vary, not its length). */
  async proofLength(): Promise<number> {
    await this.fill(1);
    return this.take().length;
  }

  /** The next proof; an empty pool gives an empty header, which the run counts as a non-2xx answer. */
  take(): string {
    return this.proofs.pop() ?? '';
  }
}

export async function dpopSection(settings: PeerSettings, log: (message: string) => void): Promise<DPoPSummary> {
  const server = await startDecisionServer('acctl, tokens (DPoP)', paymentsPolicies());
  try {
    const token = tokenTarget(server.server);
    const pool = await ProofPool.create(`${server.server.url}${token.path}`);
    const dpop: LoadTarget = { ...token, headersFor: () => ({ dpop: pool.take() }) };
    // Plain requests go through the same per-request hook with a header as long as a proof, which the
    // server ignores: autocannon serializes a hooked request anew each time, and on the two cores the
    // server shares with it that cost alone took a quarter off the DPoP side (0.574x measured without).
    const padding = 'x'.repeat(await pool.proofLength());
    const plain: LoadTarget = { ...token, headersFor: () => ({ 'x-bench-padding': padding }) };
    const options = { seconds: settings.seconds, rounds: settings.rounds, warmUpSeconds: settings.warmUpSeconds, connections: settings.connections };
    const runSeconds = { 'warm-up': settings.warmUpSeconds, measured: Math.max(1, Math.round(settings.seconds / settings.rounds)) };
    // Sized from the plain run before: DPoP issuance is not expected to be faster, and twice that leaves room.
    let plainPerSecond = 0;
    const result = await closedLoop(
      { plain, dpop },
      {
        ...options,
        beforeRun: async (key, phase) => {
          if (key === 'dpop') await pool.fill(Math.ceil(2 * Math.max(plainPerSecond, 500) * runSeconds[phase]) + settings.connections);
        },
        afterRun: (key, phase, run) => {
          if (key === 'plain') plainPerSecond = run.ok / runSeconds[phase];
        },
      },
    );
    const ratio = significant(result.dpop.requests_per_second / result.plain.requests_per_second);
    log(`  ${settings.connections} connections: plain ${result.plain.requests_per_second} req/s, DPoP ${result.dpop.requests_per_second} req/s (${ratio}x)`);
    return { ...result, dpop_to_plain_throughput: ratio };
  } finally {
    await server.server.stop();
  }
}

export function renderDPoP(summary: DPoPSummary): string {
  return table([
    [
      `POST /v1/oauth/token, client_credentials with a DPoP proof vs without, ${summary.plain.connections} connections (throughput, DPoP / plain)`,
      throughput(summary.dpop),
      `plain: ${throughput(summary.plain)}`,
      String(summary.dpop_to_plain_throughput),
      `≥ ${dpopGoal}`,
      met(summary.dpop_to_plain_throughput >= dpopGoal),
    ],
    [
      'The same, p50 latency',
      `${summary.dpop.latency_ms.p50} ms`,
      `plain: ${summary.plain.latency_ms.p50} ms`,
      String(significant(summary.dpop.latency_ms.p50 / summary.plain.latency_ms.p50)),
      '',
      '',
    ],
  ]).join('\n');
}
