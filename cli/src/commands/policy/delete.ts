import { Args, Flags } from '@oclif/core';
import type { Policy, PolicyDeleted } from '../../../../core/src/index.js';
import { ApiCommand } from '../../base/api-command.js';
import { CommandError, errorStyle } from '../../../../kit/src/index.js';
import type { Paint } from '../../policy-files/report/outcome.js';
import { resolvePolicy } from '../../stored-policies/lookup.js';

export default class PolicyDelete extends ApiCommand {
  static override summary = 'Delete a stored policy (it can be restored)';
  static override description = [
    'A soft delete: the policy stops being enforced at once, and policy restore brings it back.',
    'In a terminal, delete says what the policy does (its status, its deny rules, the repository that manages it) and asks: only `yes` deletes it, as policy apply asks; --yes skips the question. Without a terminal, or with --json, it needs --yes and otherwise refuses (exit 2) before it reads the server.',
    'With --expected-version, the server refuses (exit 5) when the policy is no longer at that version; after a question, the version shown is the one deleted. --json prints the API answer.',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> <%= command.id %> prod-database-read',
    '<%= config.bin %> <%= command.id %> 7c1d2e3f-4a5b-6c7d-8e9f-0a1b2c3d4e5f --expected-version 3 --yes',
  ];
  static override args = { policy: Args.string({ required: true, description: 'The policy, by name or id.' }) };
  static override flags = {
    'expected-version': Flags.integer({ summary: 'Only if the policy is still at this version (sent as If-Match).', min: 1 }),
    yes: Flags.boolean({ char: 'y', default: false, summary: 'Delete without asking (needed without a terminal, or with --json).' }),
  };

  public async run(): Promise<PolicyDeleted> {
    const { args, flags } = await this.parse(PolicyDelete);
    const { approvedAtTerminal, refuseWithoutApproval } = await import('../../ux/approval.js');
    if (!flags.yes) refuseWithoutApproval('acctl policy delete', this.jsonEnabled(), 'add --yes', 'nothing was deleted');
    const api = await this.api(flags.server);
    const ref = await resolvePolicy(api, args.policy);
    let expected = flags['expected-version'];
    if (!flags.yes && ref.status !== 'deleted') {
      const policy = ref.full ?? (await api.call('get', '/policies/{id}', { path: { id: ref.id } }));
      if (!(await approvedAtTerminal(deleteQuestion(policy, errorStyle)))) throw new CommandError('delete_cancelled', 'Delete cancelled: nothing was deleted');
      // The person approved the version shown: one changed since is refused (exit 5), not deleted unseen.
      expected ??= policy.version;
    }
    const deleted = await api.call('delete', '/policies/{id}', {
      path: { id: ref.id },
      headers: expected === undefined ? {} : { 'if-match': `"${expected}"` },
    });
    this.log(`Deleted policy ${ref.name} (${deleted.id}); undo with: acctl policy restore ${deleted.id}`);
    return deleted;
  }
}

/** What is about to stop, and how to undo it, before the one question (the words of policy apply's). */
function deleteQuestion(policy: Policy, paint: Paint): string {
  const denies = policy.rules.filter((rule) => rule.effect === 'deny').length;
  const owner = typeof policy.metadata.managed_by === 'string' ? policy.metadata.managed_by : undefined;
  const lines = [
    '',
    paint.bold(`Policy ${policy.name} (${policy.id}), version ${policy.version}, ${policy.status}`),
    policy.status === 'active'
      ? `  It is enforced now: deleting it stops it at once for every decision.`
      : `  It is ${policy.status}, not enforced: deleting it removes it from the list.`,
  ];
  if (denies > 0 && policy.status === 'active')
    lines.push(
      paint.red(`  It has ${denies} deny rule${denies === 1 ? '' : 's'}: what ${denies === 1 ? 'it denies' : 'they deny'} may be allowed once it is gone.`),
    );
  if (owner !== undefined)
    lines.push(`  A repository manages it (managed_by: ${owner}): its next acctl policy apply proposes to restore it while its file is there.`);
  lines.push(
    paint.dim(`  Undo: acctl policy restore ${policy.id} (a soft delete; the policy returns with its history).`),
    '',
    paint.bold('Do you want to delete it?'),
    "  Only 'yes' will be accepted to approve.",
    '',
    `  ${paint.bold('Enter a value:')} `,
  );
  return lines.join('\n');
}
