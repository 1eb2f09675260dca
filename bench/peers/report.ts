/**
 * The peer sections of bench/results/latest.md: each with the machine it ran on, its rows in the
 * usual columns (acctl's figure, the peer's as the baseline, the ratio, the goal from issue #11), and
 * what the two servers do differently.
 */
import { failures, latency, met, number, table } from '../lib/format.js';
import type { LoadResult } from '../lib/load.js';
import type { Machine } from '../lib/machine.js';
import type { CerbosPeerResults } from './cerbos/section.js';
import type { OidcProviderPeerResults } from './oidc-provider/section.js';

export interface PeerResults {
  cerbos?: CerbosPeerResults;
  oidc_provider?: OidcProviderPeerResults;
}

const cerbosGoal = 2;
const signingGoal = 0.8;

const machineLine = (machine: Machine): string => `Machine: ${machine.cpu_model}, ${machine.cores} cores, Node ${machine.node}; load average ${machine.load_average.join(' / ')} when the section started.`;
const decisions = (result: LoadResult, unit: string): string => `${number(result.items_per_second)} decisions/s (${number(result.requests_per_second)} ${unit}; ${latency(result)})${failures(result)}`;

export function renderPeers(peers: PeerResults, connections: number): string[] {
  const lines: string[] = [];
  const { cerbos, oidc_provider: oidc } = peers;
  if (cerbos) {
    lines.push('', '## Peer: Cerbos PDP, the same policies', '', machineLine(cerbos.machine), '');
    if (!cerbos.ran) {
      lines.push(`The Cerbos PDP did not run, so nothing was compared: ${cerbos.reason}`);
    } else {
      const { acctl_evaluate: single, acctl_batch: batch, cerbos_single: theirSingle, cerbos_batch: theirBatch, ratios, cpu } = cerbos;
      lines.push(
        ...table([
          ['acctl POST /v1/decisions/evaluate vs Cerbos POST /api/check/resources, one check per call', decisions(single, 'req/s'), `Cerbos ${cerbos.cerbos_version}: ${decisions(theirSingle, 'req/s')}`, String(ratios.single), `≥ ${cerbosGoal}`, met(ratios.single >= cerbosGoal)],
          [`acctl POST /v1/decisions/batch vs Cerbos, ${cerbos.batch_size} checks per call`, decisions(batch, 'calls/s'), `Cerbos: ${decisions(theirBatch, 'calls/s')}`, String(ratios.batch), `≥ ${cerbosGoal}`, met(ratios.batch >= cerbosGoal)],
        ]),
        '',
        `Both were given the same ${cerbos.policies} policies (translated to Cerbos resource policies with CEL conditions by bench/peers/cerbos/translate.ts) and agreed on all ${cerbos.agreement.length} sample requests and on a batch before anything was timed. ${connections} connections each, interleaved rounds. acctl records every decision in PostgreSQL (and its audit chain) before it answers — here ${number(cerbos.integrity.recorded)} of ${number(cerbos.integrity.acknowledged)} acknowledged decisions recorded${cerbos.integrity.ok ? '' : ', **MISMATCH**'}; Cerbos, its audit log off, records nothing.`,
        '',
        `Server CPU per decision: ${Object.entries(cpu)
          .map(([key, cost]) => `${key} ${number(cost.cpu_us_per_item)} µs (${cost.cpu_cores} cores)`)
          .join(', ')}. Cerbos is a Go program and uses every core it can; acctl's server is one Node event loop (its PostgreSQL backends are not counted here).`,
      );
    }
  }
  if (oidc) {
    const { acctl_tokens: ours, oidc_provider_tokens: theirs, ratios, cpu } = oidc;
    lines.push(
      '',
      '## Peer: oidc-provider, client_credentials RS256 JWT access tokens',
      '',
      machineLine(oidc.machine),
      '',
      ...table([
        ['acctl POST /v1/oauth/token vs oidc-provider POST /token', `${number(ours.requests_per_second)} tokens/s (${latency(ours)})${failures(ours)}`, `oidc-provider ${oidc.oidc_provider_version}: ${number(theirs.requests_per_second)} tokens/s (${latency(theirs)})${failures(theirs)}`, String(ratios.acctl_to_oidc_provider), '—', '—'],
        ['acctl POST /v1/oauth/token vs the RS256 signing ceiling', `${number(ours.requests_per_second)} tokens/s`, `node:crypto RS256 sign loop: ${number(oidc.rsa_sign_sync_per_second)} sig/s`, String(ratios.acctl_to_rsa_sign), `≥ ${signingGoal}`, met(ratios.acctl_to_rsa_sign >= signingGoal)],
        ['oidc-provider vs the RS256 signing ceiling (reference)', `${number(theirs.requests_per_second)} tokens/s`, `${number(oidc.rsa_sign_sync_per_second)} sig/s`, String(ratios.oidc_provider_to_rsa_sign), '—', '—'],
      ]),
      '',
      `${connections} connections each, interleaved rounds; signing inputs of ${oidc.signing_input_bytes.acctl} (acctl) and ${oidc.signing_input_bytes.oidc_provider} (oidc-provider) bytes. acctl verifies a hashed client secret and records an auth.token_issued audit event per token; oidc-provider compares the secret as stored and records nothing. Server CPU per token: ${Object.entries(cpu)
        .map(([key, cost]) => `${key} ${number(cost.cpu_us_per_item)} µs (${cost.cpu_cores} cores)`)
        .join(', ')}.`,
    );
  }
  return lines;
}
