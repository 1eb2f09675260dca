import { Args, Flags } from '@oclif/core';
import type { DelegationGrant } from '../../../../../core/src/index.js';
import { ApiCommand } from '../../../base/api-command.js';
import { CommandError, UsageError, errorStyle } from '../../../../../kit/src/index.js';
import { hasIdForm } from '../../../stored-objects/name-or-id.js';

export default class AgentGrantRevokeCommand extends ApiCommand {
  static override summary = 'Revoke a delegation grant: every token exchanged under it ends at once';
  static override description = [
    "Your own grant, or with admin:all any user's. The agent can no longer exchange the user's tokens, and the tokens it already holds under the grant are refused from the next request, on every server replica. A grant already revoked is answered as it is.",
    "In a terminal it asks, and only `yes` revokes; --yes skips the question. Without a terminal, or with --json, it needs --yes and otherwise refuses (exit 2) before it calls the server. An unknown id, or another user's grant without admin:all, exits 4. --json prints the grant as the API answers it.",
  ].join('\n');
  static override examples = [
    '<%= config.bin %> <%= command.id %> 0b6f3c1e-5d2a-4e8f-9a7b-1c2d3e4f5a6b',
    '<%= config.bin %> <%= command.id %> 0b6f3c1e-5d2a-4e8f-9a7b-1c2d3e4f5a6b --yes --json',
  ];
  static override args = { id: Args.string({ required: true, description: 'The delegation grant id (acctl agent grant list shows them).' }) };
  static override flags = {
    yes: Flags.boolean({ char: 'y', default: false, summary: 'Revoke without asking (needed without a terminal, or with --json).' }),
  };

  public async run(): Promise<DelegationGrant> {
    const { args, flags } = await this.parse(AgentGrantRevokeCommand);
    if (!hasIdForm(args.id)) throw new UsageError(`${JSON.stringify(args.id)} is not a delegation grant id: they are UUIDs`, [listHint]);
    const { approvedAtTerminal, refuseWithoutApproval } = await import('../../../ux/approval.js');
    if (!flags.yes) refuseWithoutApproval('acctl agent grant revoke', this.jsonEnabled(), 'add --yes', 'nothing was revoked');
    const api = await this.api(flags.server);
    if (!flags.yes && !(await approvedAtTerminal(revokeQuestion(args.id)))) throw new CommandError('delete_cancelled', 'Revoke cancelled: nothing was revoked');
    let revoked: DelegationGrant;
    try {
      revoked = await api.call('delete', '/delegation-grants/{id}', { path: { id: args.id } });
    } catch (error) {
      if (error instanceof CommandError && error.code === 'not_found')
        throw new CommandError('not_found', `No delegation grant ${args.id} (or it is another user's)`, {
          suggestions: [listHint],
        });
      throw error;
    }
    this.log(`Revoked delegation grant ${revoked.id}: agent ${revoked.agent_client_id} no longer acts for ${revoked.principal_id}`);
    return revoked;
  }
}

const listHint = 'acctl agent grant list shows the ids of the grants you may revoke';

/** What ends, before the one question (the words of policy delete's and apply's). */
function revokeQuestion(id: string): string {
  return [
    '',
    errorStyle.bold(`Delegation grant ${id}`),
    '  Revoking it ends every token the agent exchanged under it, at once; the user must grant again to undo.',
    '',
    errorStyle.bold('Do you want to revoke it?'),
    "  Only 'yes' will be accepted to approve.",
    '',
    `  ${errorStyle.bold('Enter a value:')} `,
  ].join('\n');
}
