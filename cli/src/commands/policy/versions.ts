import { Args } from '@oclif/core';
import type { PolicyVersionList } from '../../../../core/src/index.js';
import { actorText } from '../../audit/actor-text.js';
import { ApiCommand } from '../../base/api-command.js';
import { resolvePolicy } from '../../stored-policies/lookup.js';
import { shortTime } from '../../ux/resource-display.js';
import { renderTable } from '../../../../kit/src/index.js';

type VersionRow = PolicyVersionList['data'][number];

export default class PolicyVersions extends ApiCommand {
  static override summary = 'List the versions of a policy';
  static override description =
    'Newest first. Every version stays readable with policy get --version N, and policy rollback can bring its content back. --json prints the API answer: { data, names }, names mapping the authors ids to their names.';
  static override examples = [
    '<%= config.bin %> <%= command.id %> prod-database-read',
    '<%= config.bin %> <%= command.id %> 7c1d2e3f-4a5b-6c7d-8e9f-0a1b2c3d4e5f --json',
  ];
  static override args = { policy: Args.string({ required: true, description: 'The policy, by name or id.' }) };

  public async run(): Promise<PolicyVersionList> {
    const { args, flags } = await this.parse(PolicyVersions);
    const api = await this.api(flags.server);
    const { id } = await resolvePolicy(api, args.policy);
    const versions = await api.call('get', '/policies/{id}/versions', { path: { id } });
    this.log(
      renderTable(
        [
          { header: 'VERSION', value: (row: VersionRow) => String(row.version) },
          { header: 'CREATED', value: (row) => shortTime(row.created_at) },
          // Names as audit events shows them (an older server answers none).
          { header: 'BY', value: (row) => actorText(row.created_by, versions.names ?? {}) },
        ],
        versions.data,
      ),
    );
    return versions;
  }
}
