import { Flags } from '@oclif/core';
import type { AuditEventList } from '../../../../core/src/index.js';
import { eventTable } from '../../audit/event-display.js';
import { eventFilterFlags, eventFilterOf } from '../../audit/event-filters.js';
import { collectEvents } from '../../audit/event-pages.js';
import { ApiCommand } from '../../base/api-command.js';
import { style } from '../../../../kit/src/index.js';

export default class AuditEventsCommand extends ApiCommand {
  static override summary = 'List audit events, newest first';
  static override description =
    'Filters combine (AND); --type values are alternatives. Pages of the API are followed until --limit events are shown; the status line (stderr) gives the cursor to continue from. The ACTOR column shows each actor by name, its id beside it, and `via AGENT` when an agent acted for them (a token from RFC 8693 token exchange). --json prints { data, next_cursor, names }, as the API does: names maps the actors ids to their names. Needs read:audit.';
  static override examples = [
    '<%= config.bin %> <%= command.id %> --since 1h',
    '<%= config.bin %> <%= command.id %> --type policy.* --actor alice --limit 500',
    '<%= config.bin %> <%= command.id %> --actor support-bot --since 7d',
    '<%= config.bin %> <%= command.id %> --outcome failure --since 2026-11-22T00:00:00Z --until 2026-11-23T00:00:00Z',
    '<%= config.bin %> <%= command.id %> --target-type principal --json | jq -r ".data[].id"',
  ];
  static override flags = {
    ...eventFilterFlags,
    limit: Flags.integer({ summary: 'Show at most this many events (pages are followed to reach it).', default: 50, min: 1, max: 10_000 }),
    cursor: Flags.string({ summary: 'Continue from the next_cursor of an earlier run.', helpValue: 'CURSOR' }),
  };

  public async run(): Promise<AuditEventList> {
    const { flags } = await this.parse(AuditEventsCommand);
    const filter = eventFilterOf(flags, new Date());
    const api = await this.api(flags.server);
    const list = await collectEvents(api, filter, flags.limit, flags.cursor);
    this.log(list.data.length === 0 ? style.dim('No audit events match.') : eventTable(list.data, list.names));
    this.say(list.next_cursor ? `${list.data.length} events shown; more with --cursor ${list.next_cursor}` : `${list.data.length} events (no more)`);
    return list;
  }
}
