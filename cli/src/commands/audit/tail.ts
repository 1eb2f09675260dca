import { Flags } from '@oclif/core';
import type { AuditActorNames, AuditEvent, CliAuditTailLine } from '../../../../core/src/index.js';
import { eventLine } from '../../audit/event-display.js';
import { eventFilterFlags, eventFilterOf, timeBoundHelp } from '../../audit/event-filters.js';
import { followEvents } from '../../audit/follow-events.js';
import { parseInterval } from '../../audit/time-bound.js';
import { ApiCommand } from '../../base/api-command.js';
import { JSON_FORMAT_VERSION, errorStyle } from '../../../../kit/src/index.js';

/**
 * One NDJSON line (schemas/cli/audit-tail.json): the event as the API answers it, wrapped rather
 * than given a member, since a member added to the event would break the check of its hash; each
 * line carries format_version, so one read alone (grep, tail -n) still says its shape.
 */
function tailLine(event: AuditEvent, names: AuditActorNames): CliAuditTailLine {
  const own: AuditActorNames = {};
  for (const id of [event.actor.subject, event.actor.client_id]) if (id !== null && Object.hasOwn(names, id)) own[id] = names[id]!;
  return { format_version: JSON_FORMAT_VERSION, event, names: own };
}

const { until: _until, ...tailFilterFlags } = eventFilterFlags;

export default class AuditTailCommand extends ApiCommand {
  static override summary = 'Follow new audit events as they happen';
  static override description =
    'Polls the server every --interval and prints each new event on one line, oldest first, its actor named beside its id; --json prints NDJSON, one { format_version, event, names } object per event (schemas/cli/audit-tail.json). Starts from now, or with --since prints the events since then first. A poll that fails because the server is down, answers 5xx or does not answer within 30s is reported on stderr and retried (backing off to 30s); refused credentials end it. Ctrl-C (SIGINT) or SIGTERM stops it with exit code 0. Needs read:audit.';
  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --type policy.* --since 15m',
    '<%= config.bin %> <%= command.id %> --outcome failure --interval 5s --json | jq -c "{type: .event.type, actor: .event.actor.subject, name: .names[.event.actor.subject]}"',
  ];
  static override flags = {
    ...tailFilterFlags,
    since: Flags.string({ summary: 'First print the events since this time, then follow.', description: timeBoundHelp, helpValue: 'DURATION|TIME' }),
    interval: Flags.string({ summary: 'How often to ask the server for new events (500ms, 1s, 5s...).', default: '1s', helpValue: 'DURATION' }),
  };

  public async run(): Promise<void> {
    const { flags } = await this.parse(AuditTailCommand);
    const { since, ...filter } = eventFilterOf(flags, new Date());
    const intervalMs = parseInterval('interval', flags.interval);
    const api = await this.api(flags.server);
    const json = this.jsonEnabled();
    const stop = new AbortController();
    const onSignal = (): void => stop.abort();
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    try {
      await followEvents({
        api,
        filter,
        since,
        intervalMs,
        signal: stop.signal,
        // NDJSON goes straight to stdout: --json's single document does not fit a stream.
        onFollowing: () => this.say(`Following new audit events (every ${flags.interval}; Ctrl-C stops)`),
        onEvent: (event, names) => process.stdout.write(`${json ? JSON.stringify(tailLine(event, names)) : eventLine(event, names)}\n`),
        // On stderr even with --json: a script reading the NDJSON still wants to know the server is failing.
        onRetry: (error, delayMs) => process.stderr.write(`${errorStyle.yellow(`${error.message}; retrying in ${Math.round(delayMs / 100) / 10}s`)}\n`),
      });
    } finally {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
  }
}
