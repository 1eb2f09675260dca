/**
 * The token endpoint's peer (issue #11): oidc-provider issuing client_credentials RS256 JWT access
 * tokens (servers/oidc-provider.ts), driven by the same load generator at the same concurrency as
 * acctl's POST /v1/oauth/token beside it in interleaved rounds, and both put beside the RS256 signing
 * ceiling of this machine (probes/rsa-sign.ts), measured in the same section.
 */
import { paymentsPolicies } from '../../fixtures/policies.js';
import { startDecisionServer, tokenTarget } from '../../lib/acctl-server.js';
import { runScript, startServer } from '../../lib/children.js';
import { closedLoop, type LoadResult, type LoadTarget } from '../../lib/load.js';
import { describeMachine, type Machine } from '../../lib/machine.js';
import type { PgBackendCpu } from '../../lib/pg-cpu.js';
import { significant } from '../../lib/stats.js';
import { ProcessCpuMeter, type ProcessCost } from '../process-cpu.js';
import type { PeerSettings } from '../settings.js';

export interface OidcProviderPeerResults {
  machine: Machine;
  oidc_provider_version: string;
  acctl_tokens: LoadResult;
  oidc_provider_tokens: LoadResult;
  /** Bytes of header and payload each server signs (they differ a little: claims and issuer). */
  signing_input_bytes: { acctl: number; oidc_provider: number };
  rsa_sign_sync_per_second: number;
  /** Each server process's CPU per token during the measured runs. */
  cpu: Record<string, ProcessCost>;
  /** acctl's tokens/s over oidc-provider's, and over the signing ceiling (goal ≥ 0.8). */
  ratios: { acctl_to_oidc_provider: number; acctl_to_rsa_sign: number; oidc_provider_to_rsa_sign: number };
}

export async function oidcProviderPeer(settings: PeerSettings, pg: PgBackendCpu, log: (message: string) => void): Promise<OidcProviderPeerResults> {
  const machine = describeMachine();
  const [acctl, peer] = await Promise.all([
    startDecisionServer('acctl (oidc-provider peer)', paymentsPolicies()),
    startServer('oidc-provider', 'bench/servers/oidc-provider.ts'),
  ]);
  try {
    const peerBody = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: String(peer.ready.client_id),
      client_secret: String(peer.ready.client_secret),
      scope: String(peer.ready.scope),
    }).toString();
    const peerToken = await fetch(`${peer.url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: peerBody,
    }).then(async (response) => {
      const body = (await response.json()) as { access_token?: string };
      if (!response.ok || !body.access_token) throw new Error(`oidc-provider did not issue a token: ${response.status} ${JSON.stringify(body)}`);
      return body.access_token;
    });
    const header = JSON.parse(Buffer.from(peerToken.split('.')[0] ?? '', 'base64url').toString()) as { alg?: string; typ?: string };
    if (header.alg !== 'RS256') throw new Error(`oidc-provider signed with ${header.alg}, not RS256`);
    const signingInput = { acctl: String(acctl.server.ready.token).lastIndexOf('.'), oidc_provider: peerToken.lastIndexOf('.') };
    log(`  oidc-provider ${String(peer.ready.version)} issues ${header.typ} RS256 tokens; acctl beside it`);

    const targets = {
      acctl_tokens: tokenTarget(acctl.server),
      oidc_provider_tokens: {
        url: peer.url,
        path: '/token',
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        bodies: [peerBody],
        itemsPerRequest: 1,
      },
    } satisfies Record<string, LoadTarget>;
    const processOf = (key: keyof typeof targets): [number, string | undefined] =>
      key === 'acctl_tokens' ? [acctl.server.pid, acctl.database] : [peer.pid, undefined];
    const cpu = new ProcessCpuMeter(pg);
    const peak = await closedLoop(targets, {
      ...settings,
      beforeRun: (key, phase) => (phase === 'measured' ? cpu.start(...processOf(key)) : undefined),
      afterRun: (key, phase, result) => (phase === 'measured' ? cpu.stop(key, processOf(key)[0], result.ok, processOf(key)[1]) : undefined),
    });
    for (const [key, result] of Object.entries(peak))
      log(`  ${key}: ${result.requests_per_second.toLocaleString('en-US')} tokens/s, p50 ${result.latency_ms.p50} ms, p99 ${result.latency_ms.p99} ms`);
    await Promise.all([acctl.server.stop(), peer.stop()]);

    log('  RS256 signing ceiling: node:crypto in a loop, in its own process');
    const rsa = await runScript<{ sync_signs_per_second: number }>('bench/probes/rsa-sign.ts', [
      `--bytes=${signingInput.acctl}`,
      `--seconds=${Math.max(2, Math.round(settings.seconds / 2))}`,
    ]);
    return {
      machine,
      oidc_provider_version: String(peer.ready.version),
      ...peak,
      signing_input_bytes: signingInput,
      rsa_sign_sync_per_second: rsa.sync_signs_per_second,
      cpu: cpu.results(),
      ratios: {
        acctl_to_oidc_provider: significant(peak.acctl_tokens.requests_per_second / peak.oidc_provider_tokens.requests_per_second),
        acctl_to_rsa_sign: significant(peak.acctl_tokens.requests_per_second / rsa.sync_signs_per_second),
        oidc_provider_to_rsa_sign: significant(peak.oidc_provider_tokens.requests_per_second / rsa.sync_signs_per_second),
      },
    };
  } finally {
    await Promise.all([acctl.server.stop(), peer.stop()]);
  }
}
