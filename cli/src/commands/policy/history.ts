import { Args } from '@oclif/core';
import type { AuditActorNames } from '../../../../core/src/index.js';
import { actorText } from '../../audit/actor-text.js';
import { ApiCommand } from '../../base/api-command.js';
import { resolvePolicy } from '../../stored-policies/lookup.js';
import { summarizePolicyHistory, type PolicyHistoryEntry } from '../../stored-policies/history.js';
import { shortTime } from '../../ux/resource-display.js';
import { renderTable } from '../../../../kit/src/index.js';

export interface PolicyHistory {
  policy_id: string;
  /** The policy's current name. */
  name: string;
  /** Newest first. */
  versions: PolicyHistoryEntry[];
  /** The authors' names (GET /policies/{id}/versions), shown as audit events shows actors. */
  names: AuditActorNames;
}

export default class PolicyHistoryCommand extends ApiCommand {
  static override summary = 'Show what changed in each version of a policy';
  static override description =
    'Reads every version and compares each with the one before: name, status, description, number of rules, actions added or removed, other rule edits. For the full content of a version: policy get NAME|ID --version N.';
  static override examples = [
    '<%= config.bin %> <%= command.id %> prod-database-read',
    '<%= config.bin %> <%= command.id %> 7c1d2e3f-4a5b-6c7d-8e9f-0a1b2c3d4e5f --json | jq ".versions[0].changes"',
  ];
  static override args = { policy: Args.string({ required: true, description: 'The policy, by name or id.' }) };

  public async run(): Promise<PolicyHistory> {
    const { args, flags } = await this.parse(PolicyHistoryCommand);
    const api = await this.api(flags.server);
    const policy = await resolvePolicy(api, args.policy);
    const list = await api.call('get', '/policies/{id}/versions', { path: { id: policy.id } });
    const versions = await Promise.all(
      list.data.map((row) => api.call('get', '/policies/{id}/versions/{version}', { path: { id: policy.id, version: row.version } })),
    );
    const history: PolicyHistory = { policy_id: policy.id, name: policy.name, versions: summarizePolicyHistory(versions), names: list.names ?? {} };
    this.log(
      renderTable(
        [
          { header: 'VERSION', value: (entry: PolicyHistoryEntry) => String(entry.version) },
          { header: 'CREATED', value: (entry) => shortTime(entry.created_at) },
          { header: 'BY', value: (entry) => (entry.created_by === null ? '-' : actorText(entry.created_by, history.names)) },
          { header: 'STATUS', value: (entry) => entry.status ?? '-' },
          { header: 'RULES', value: (entry) => String(entry.rules) },
          { header: 'CHANGES', value: (entry) => entry.changes.join('; ') },
        ],
        history.versions,
      ),
    );
    return history;
  }
}
