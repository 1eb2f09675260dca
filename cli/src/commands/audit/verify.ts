import { Flags } from '@oclif/core';
import type { AuditVerification } from '../../../../core/src/index.js';
import type { HeadsCheck } from '../../audit/saved-heads.js';
import { ApiCommand } from '../../base/api-command.js';
import { CommandError, exitCodes, keyValueLines, style, renderTable } from '../../../../kit/src/index.js';
import { shortTime } from '../../ux/resource-display.js';

type ChainReport = AuditVerification['chains'][number];

const position = (link: { sequence: number; hash: string } | null): string => (link ? `#${link.sequence} ${link.hash.slice(0, 16)}` : '-');

export default class AuditVerifyCommand extends ApiCommand {
  static override summary = 'Check the hash chains of the audit log';
  static override description = `The server recomputes every event's hash and link (GET /v1/audit/verify). Prints each chain with the number of events checked and its head, and the first broken link if there is one.

Exits 0 when every chain is intact and ${exitCodes.chain_broken} when one is broken (an event edited, inserted or deleted); --json prints the server's answer either way.

Keep the heads somewhere else (--save-head FILE, or the --json output): a chain that verifies can still have been cut short, or rewritten with its hashes recomputed. --against FILE checks that the log still leads to the heads saved there: the event at each saved sequence must have the saved hash. A chain that ends before a saved head (truncated), or has another event there (changed, missing), exits ${exitCodes.chain_broken} too; a head that retention deleted since is reported and not counted as broken. With --against, --json adds { against: { file, saved_at, valid, heads: [{ chain, saved, status, actual }] } }. Needs read:audit.`;
  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --json | jq ".chains[] | {chain, head}"',
    {
      description: 'Save the heads, and later check the log still leads to them',
      command: '<%= config.bin %> <%= command.id %> --save-head heads.json && <%= config.bin %> <%= command.id %> --against heads.json',
    },
    {
      description: "Check against yesterday's heads and save today's",
      command: '<%= config.bin %> <%= command.id %> --against heads.json --save-head heads.json',
    },
  ];
  static override flags = {
    against: Flags.string({
      summary: 'Check that the log still leads to the heads saved in this file (by --save-head, or --json output); exit 12 if not.',
      helpValue: 'HEAD_FILE',
    }),
    'save-head': Flags.string({ summary: 'Write this verification, with its heads, to this file (only when the log is intact).', helpValue: 'FILE' }),
  };

  public async run(): Promise<AuditVerification & { against?: HeadsCheck }> {
    const { flags } = await this.parse(AuditVerifyCommand);
    const heads = await import('../../audit/saved-heads.js');
    // Read before asking the server: a file that is not a saved head is a usage error, not a broken log.
    const saved = flags.against === undefined ? undefined : await heads.readSavedHeads(flags.against);
    const api = await this.api(flags.server);
    const result = await api.call('get', '/audit/verify', {});
    const against = saved === undefined ? undefined : await heads.checkHeads(api, flags.against!, saved, result);
    const broken = result.first_broken_link;
    this.log(broken ? style.red.bold('Audit log BROKEN') : style.green.bold('Audit log intact'));
    this.log(
      renderTable(
        [
          { header: 'CHAIN', value: (chain: ChainReport) => chain.chain },
          { header: 'STATUS', value: (chain) => (chain.valid ? 'intact' : 'broken') },
          { header: 'EVENTS', value: (chain) => String(chain.events_checked) },
          { header: 'ANCHOR', value: (chain) => position(chain.anchor) },
          { header: 'HEAD', value: (chain) => position(chain.head) },
        ],
        result.chains,
      ),
    );
    if (broken) {
      this.log('');
      this.log(style.bold('First broken link'));
      this.log(
        keyValueLines([
          ['chain', broken.chain],
          ['event', `${broken.event_id} (sequence ${broken.sequence})`],
          ['problem', style.red(broken.problem)],
          ['detail', broken.detail],
          ...(broken.expected ? [['expected', broken.expected] as const] : []),
          ...(broken.actual ? [['actual', broken.actual] as const] : []),
        ]).join('\n'),
      );
      // The answer is still printed (and as JSON with --json): only the exit status says broken.
      process.exitCode = exitCodes.chain_broken;
    }
    if (against) {
      this.log('');
      this.log(
        against.valid
          ? style.green.bold(`The log leads to the heads saved in ${against.file}`)
          : style.red.bold(`The log does NOT lead to the heads saved in ${against.file}`),
      );
      this.log(
        renderTable(
          [
            { header: 'CHAIN', value: (head: HeadsCheck['heads'][number]) => head.chain },
            { header: 'SAVED HEAD', value: (head) => position(head.saved) },
            { header: 'STATUS', value: (head) => (head.status === 'matches' || head.status === 'retained' ? head.status : style.red(head.status)) },
            { header: 'NOW', value: (head) => (head.actual ? head.actual.slice(0, 16) : '-') },
          ],
          against.heads,
        ),
      );
      this.say(`heads saved at ${shortTime(against.saved_at)}`);
      if (!against.valid) process.exitCode = exitCodes.chain_broken;
    }
    if (flags['save-head'] !== undefined) {
      // A broken log's heads are not worth keeping: the next --against would trust them.
      if (process.exitCode === exitCodes.chain_broken) {
        this.say(`heads not saved to ${flags['save-head']}: the log is broken`);
      } else {
        try {
          await heads.saveHeads(flags['save-head'], result);
        } catch (error) {
          throw new CommandError('usage_error', `--save-head: cannot write ${flags['save-head']}: ${(error as Error).message}`);
        }
        this.say(`heads saved to ${flags['save-head']}`);
      }
    }
    this.say(`verified at ${shortTime(result.verified_at)}`);
    return against === undefined ? result : { ...result, against };
  }
}
