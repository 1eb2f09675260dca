import type { AuditVerification } from '../../../../core/src/index.js';
import { ApiCommand } from '../../base/api-command.js';
import { exitCodes } from '../../errors.js';
import { shortTime } from '../../ux/resource-display.js';
import { keyValueLines, style } from '../../ux/style.js';
import { renderTable } from '../../ux/table.js';

type ChainReport = AuditVerification['chains'][number];

const position = (link: { sequence: number; hash: string } | null): string => (link ? `#${link.sequence} ${link.hash.slice(0, 16)}` : '-');

export default class AuditVerifyCommand extends ApiCommand {
  static override summary = 'Check the hash chains of the audit log';
  static override description = `The server recomputes every event's hash and link (GET /v1/audit/verify). Prints each chain with the number of events checked and its head, and the first broken link if there is one.

Exits 0 when every chain is intact and ${exitCodes.chain_broken} when one is broken (an event edited, inserted or deleted); --json prints the server's answer either way. Keep the heads somewhere else: a later head that is behind them means events were deleted from the end, which the chain alone cannot show. Needs read:audit.`;
  static override examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --json | jq ".chains[] | {chain, head}"'];

  public async run(): Promise<AuditVerification> {
    const { flags } = await this.parse(AuditVerifyCommand);
    const result = await (await this.api(flags.server)).get<AuditVerification>('/audit/verify');
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
    this.say(`verified at ${shortTime(result.verified_at)}`);
    return result;
  }
}
