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
import type { ProcessCost } from './process-cpu.js';

export interface PeerResults {
  cerbos?: CerbosPeerResults;
  oidc_provider?: OidcProviderPeerResults;
}

const cerbosGoal = 2;
const signingGoal = 0.8;

function machineLine(machine: Machine): string {
  const [oneMinute = 0] = machine.load_average;
  const loaded =
    oneMinute > machine.cores
      ? ` That is more than the ${machine.cores} cores: other processes competed for the CPU, so absolute figures are low and even the ratios move from run to run.`
      : '';
  return `Machine: ${machine.cpu_model}, ${machine.cores} cores, Node ${machine.node}; load average ${machine.load_average.join(' / ')} when the section started.${loaded}`;
}

/** Calls still in flight when a round ends are not counted: a fair share of the work when calls take much of a round. */
function truncationNote(results: LoadResult[], roundSeconds: number): string {
  const slowest = Math.max(...results.map((result) => result.latency_ms.p50));
  return slowest * 4 > roundSeconds * 1000
    ? ` Batch calls took up to ${Math.round(slowest)} ms (p50) in rounds of ${roundSeconds} s: calls in flight when a round ends are not counted, so batch figures here are low for both.`
    : '';
}
const decisions = (result: LoadResult, unit: string): string =>
  `${number(result.items_per_second)} decisions/s (${number(result.requests_per_second)} ${unit}; ${latency(result)})${failures(result)}`;

/** "key 123 µs (+ 45 µs in PostgreSQL; 0.3 cores)", one per measurement. */
function describeCosts(costs: Record<string, ProcessCost>): string {
  return Object.entries(costs)
    .map(
      ([key, cost]) =>
        `${key} ${number(cost.cpu_us_per_item)} µs${cost.database_cpu_us_per_item === undefined ? '' : ` + ${number(cost.database_cpu_us_per_item)} µs in PostgreSQL`} (server ${cost.cpu_cores} cores)`,
    )
    .join(', ');
}

export function renderPeers(peers: PeerResults, settings: { connections: number; seconds_per_measurement: number; rounds: number }): string[] {
  const { connections } = settings;
  const roundSeconds = Math.max(1, Math.round(settings.seconds_per_measurement / settings.rounds));
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
          [
            'acctl POST /v1/decisions/evaluate vs Cerbos POST /api/check/resources, one check per call',
            decisions(single, 'req/s'),
            `Cerbos ${cerbos.cerbos_version}: ${decisions(theirSingle, 'req/s')}`,
            String(ratios.single),
            `≥ ${cerbosGoal}`,
            met(ratios.single >= cerbosGoal),
          ],
          [
            `acctl POST /v1/decisions/batch vs Cerbos, ${cerbos.batch_size} checks per call`,
            decisions(batch, 'calls/s'),
            `Cerbos: ${decisions(theirBatch, 'calls/s')}`,
            String(ratios.batch),
            `≥ ${cerbosGoal}`,
            met(ratios.batch >= cerbosGoal),
          ],
        ]),
        '',
        `Both were given the same ${cerbos.policies} policies (translated to Cerbos resource policies with CEL conditions by bench/peers/cerbos/translate.ts) and agreed on all ${cerbos.agreement.length} sample requests and on a batch before anything was timed. ${connections} connections each, interleaved rounds. acctl records every decision in PostgreSQL (and its audit chain) before it answers — here ${number(cerbos.integrity.recorded)} of ${number(cerbos.integrity.acknowledged)} acknowledged decisions recorded${cerbos.integrity.ok ? '' : ', **MISMATCH**'}; Cerbos, its audit log off, records nothing.${truncationNote([batch, theirBatch], roundSeconds)}`,
        '',
        `CPU per decision: ${describeCosts(cpu)}. Cerbos is a Go program and uses every core it can; acctl's server is one Node event loop, and its database's backends are counted apart.`,
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
        [
          'acctl POST /v1/oauth/token vs oidc-provider POST /token',
          `${number(ours.requests_per_second)} tokens/s (${latency(ours)})${failures(ours)}`,
          `oidc-provider ${oidc.oidc_provider_version}: ${number(theirs.requests_per_second)} tokens/s (${latency(theirs)})${failures(theirs)}`,
          String(ratios.acctl_to_oidc_provider),
          '—',
          '—',
        ],
        [
          'acctl POST /v1/oauth/token vs the RS256 signing ceiling',
          `${number(ours.requests_per_second)} tokens/s`,
          `node:crypto RS256 sign loop: ${number(oidc.rsa_sign_sync_per_second)} sig/s`,
          String(ratios.acctl_to_rsa_sign),
          `≥ ${signingGoal}`,
          met(ratios.acctl_to_rsa_sign >= signingGoal),
        ],
        [
          'oidc-provider vs the RS256 signing ceiling (reference)',
          `${number(theirs.requests_per_second)} tokens/s`,
          `${number(oidc.rsa_sign_sync_per_second)} sig/s`,
          String(ratios.oidc_provider_to_rsa_sign),
          '—',
          '—',
        ],
      ]),
      '',
      `${connections} connections each, interleaved rounds; signing inputs of ${oidc.signing_input_bytes.acctl} (acctl) and ${oidc.signing_input_bytes.oidc_provider} (oidc-provider) bytes. acctl verifies a hashed client secret and records an auth.token_issued audit event per token; oidc-provider compares the secret as stored and records nothing. CPU per token: ${describeCosts(cpu)}.`,
    );
  }
  return lines;
}
