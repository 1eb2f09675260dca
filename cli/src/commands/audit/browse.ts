import { apiEventSource } from '../../audit-browser/event-source.js';
import { eventFilterFlags, eventFilterOf } from '../../audit/event-filters.js';
import { ApiCommand } from '../../base/api-command.js';
import { UsageError } from '../../../../kit/src/index.js';

export default class AuditBrowseCommand extends ApiCommand {
  static override summary = 'Browse the audit log in the terminal';
  static override description = `A full-screen list of events, newest first, that loads older ones as you scroll. / filters as you type (on the type, actor and target of the loaded events); the flags filter on the server. Enter opens an event with its change (before and after); Esc or q goes back, and q quits. The keys are shown at the bottom.

Needs a terminal: for scripts use acctl audit events or acctl audit tail. Needs read:audit.`;
  static override examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --type policy.* --since 7d'];
  static override flags = { ...eventFilterFlags };
  // A screen, not a document: there is nothing to print as JSON.
  static override enableJsonFlag = false;

  public async run(): Promise<void> {
    const { flags } = await this.parse(AuditBrowseCommand);
    if (!process.stdin.isTTY || !process.stdout.isTTY) {
      throw new UsageError('acctl audit browse needs a terminal', ['For scripts: acctl audit events --json, or acctl audit tail --json']);
    }
    const filter = eventFilterOf(flags, new Date());
    const api = await this.api(flags.server);
    // ink reads CI / CONTINUOUS_INTEGRATION once, when imported (is-in-ci), and then writes only its
    // last frame, which leaves an interactive program blank. Both ends were just checked to be a
    // terminal, so whatever the environment says, this is not a CI log.
    delete process.env.CI;
    delete process.env.CONTINUOUS_INTEGRATION;
    // ink and React load here only: every other command starts without them.
    const { browseAuditLog } = await import('../../audit-browser/run.js');
    await browseAuditLog(apiEventSource(api, filter));
  }
}
