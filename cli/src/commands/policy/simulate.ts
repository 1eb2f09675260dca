import { Flags } from '@oclif/core';
import type { PolicyCreateRequest, SimulationRequest, SimulationResponse } from '../../../../core/src/index.js';
import { GateCommand } from '../../base/gate-command.js';
import { mapConcurrently } from '../../concurrency.js';
import { CommandError, UsageError, gateExitCodes, style, renderTable } from '../../../../kit/src/index.js';
import { readJsonOrYamlInput } from '../../flags/file-input.js';
import { resolvePolicy } from '../../stored-policies/lookup.js';
import { simulationRequestsOf } from '../../stored-policies/simulation-requests.js';
import { principalText, resourceText } from '../../ux/request-text.js';

/** What --json prints: the policy simulated, the counts, and each request with the server's answer. */
export interface SimulateJson {
  policy: { id: string; name: string; version: number; status: string } | { file: string; name: string };
  summary: { requests: number; allowed: number; denied: number };
  results: Array<{ request: SimulationRequest } & SimulationResponse>;
}

export default class PolicySimulate extends GateCommand {
  static override summary = 'Simulate access requests against one policy, without enforcing or recording anything';
  static override description = [
    'The requests come from a file or stdin (--requests, default stdin), as JSON or YAML: one request, a list of them, or { requests: [...] } (the body of POST /v1/decisions/batch). Each has the shape of POST /v1/decisions/evaluate: principal, resource, action, context; context.timestamp sets the time that time conditions see.',
    'The policy is a stored one, by name or id (--policy: POST /v1/policies/{id}/simulate; draft and archived policies too), or a local policy file (--file: POST /v1/policies/simulate, nothing stored). One policy is evaluated on its own, not the whole active set: acctl decision evaluate asks that.',
    'Output: one line per request; --explain adds the rules that matched with the conditions they met, and why the others did not apply.',
    `Exit codes (for scripts and CI gates): ${gateExitCodes.passed} when every request is allowed, ${gateExitCodes.flagged} when any is denied, ${gateExitCodes.error} on any error (with --json, the error object's code says which).`,
  ].join('\n\n');

  static override examples = [
    '<%= config.bin %> <%= command.id %> --policy prod-database-read --requests requests.yaml',
    'echo \'{"principal":{"type":"USER","attributes":{"department":"engineering"}},"resource":{"type":"database","identifier":"prod-orders"},"action":"read","context":{"mfa_verified":true,"risk_score":10,"timestamp":"2026-03-10T10:00:00Z"}}\' | <%= config.bin %> <%= command.id %> --file policies/prod-database-read.yaml --explain',
    '<%= config.bin %> <%= command.id %> --policy 7c1d2e3f-4a5b-6c7d-8e9f-0a1b2c3d4e5f --requests requests.json --json | jq ".summary"',
  ];

  static override flags = {
    policy: Flags.string({ summary: 'A stored policy, by name or id.', helpValue: 'NAME|ID', exactlyOne: ['policy', 'file'] }),
    file: Flags.string({ summary: 'A local policy file (YAML or JSON), simulated without storing it.', helpValue: 'FILE', exactlyOne: ['policy', 'file'] }),
    requests: Flags.string({ summary: 'The requests (JSON or YAML), from a file or - for stdin.', helpValue: 'FILE|-', default: '-' }),
    explain: Flags.boolean({ summary: 'Show which rules matched, the conditions they met, and why other rules did not apply.' }),
  };

  public async run(): Promise<SimulateJson> {
    const { flags } = await this.parse(PolicySimulate);
    if (flags.requests === '-' && process.stdin.isTTY) throw new UsageError('No requests: give --requests FILE, or pipe them on stdin');
    const requests = simulationRequestsOf(await readJsonOrYamlInput('requests', flags.requests), flags.requests === '-' ? 'stdin' : flags.requests);
    const api = await this.api(flags.server, { repository: { from: flags.file ?? '.' } });
    let policy: SimulateJson['policy'];
    let simulateOne: (request: SimulationRequest) => Promise<SimulationResponse>;
    if (flags.file !== undefined) {
      // A policy file: the limit lint holds it to.
      const { maxPolicyFileBytes } = await import('../../policy-files/source.js');
      const body = await readJsonOrYamlInput('file', flags.file, maxPolicyFileBytes);
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new UsageError(`--file: ${flags.file} is not a policy (name, status, rules)`);
      const inline = body as PolicyCreateRequest;
      policy = { file: flags.file, name: String(inline.name) };
      simulateOne = (request) => api.call('post', '/policies/simulate', { body: { policy: inline, request } });
    } else {
      const found = await resolvePolicy(api, flags.policy!);
      policy = { id: found.id, name: found.name, version: found.version, status: found.status };
      simulateOne = (request) => api.call('post', '/policies/{id}/simulate', { path: { id: found.id }, body: request });
    }
    const answers = await mapConcurrently(requests, 4, async (request, index) => {
      try {
        return await simulateOne(request);
      } catch (error) {
        if (error instanceof CommandError && requests.length > 1)
          throw new CommandError(error.code, `request ${index + 1}: ${error.message}`, { suggestions: error.suggestions, cause: error });
        throw error;
      }
    });
    const results = requests.map((request, index) => ({ request, ...answers[index]! }));
    const denied = results.filter((result) => result.decision === 'deny').length;
    const outcome: SimulateJson = { policy, summary: { requests: results.length, allowed: results.length - denied, denied }, results };
    this.log(simulationText(outcome, flags.explain));
    return this.finishGate(outcome, denied > 0);
  }
}

function verdict(decision: string): string {
  return decision === 'allow' ? style.green.bold('ALLOW') : style.red.bold('DENY');
}

function simulationText(outcome: SimulateJson, explain: boolean): string {
  const { policy, summary, results } = outcome;
  const about = 'file' in policy ? `${policy.name} (${policy.file}, not stored)` : `${policy.name} v${policy.version} (${policy.status}, ${policy.id})`;
  const rows = results.map((result, index) => ({ result, index }));
  const lines = [
    `Policy ${style.bold(about)}`,
    '',
    renderTable(
      [
        { header: '#', value: (row: (typeof rows)[number]) => String(row.index + 1) },
        { header: 'DECISION', value: (row) => verdict(row.result.decision) },
        { header: 'PRINCIPAL', value: (row) => principalText(row.result.request) },
        { header: 'ACTION', value: (row) => row.result.request.action },
        { header: 'RESOURCE', value: (row) => resourceText(row.result.request) },
        { header: 'EXPLANATION', value: (row) => row.result.explanation },
      ],
      rows,
    ),
  ];
  if (explain) {
    for (const { result, index } of rows) {
      lines.push(
        '',
        `${style.bold(`#${index + 1}`)} ${verdict(result.decision)} ${principalText(result.request)} ${result.request.action} ${resourceText(result.request)}`,
      );
      if (result.matched_rules.length === 0) lines.push(`  ${style.dim('no rule matched')}`);
      for (const rule of result.matched_rules) {
        const conditions = rule.conditions_met.length > 0 ? `: ${rule.conditions_met.join('; ')}` : ' (no conditions)';
        lines.push(`  matched rule ${rule.rule_index} (${rule.effect})${conditions}`);
      }
      for (const reason of result.reasons ?? []) lines.push(`  ${style.dim(`not applied: ${reason}`)}`);
      lines.push(`  ${result.explanation}`);
    }
  }
  lines.push(
    '',
    `${summary.requests} ${summary.requests === 1 ? 'request' : 'requests'}: ${style.green(`${summary.allowed} allowed`)}, ${summary.denied > 0 ? style.red(`${summary.denied} denied`) : `${summary.denied} denied`}`,
  );
  return lines.join('\n');
}
