import { Args } from '@oclif/core';
import type { AuditActorNames, AuditEvent } from '../../../../core/src/index.js';
import { eventDetailLines } from '../../audit/event-display.js';
import { ApiCommand } from '../../base/api-command.js';
import type { ApiClient } from '../../api/client.js';
import { CommandError } from '../../../../kit/src/index.js';

export default class AuditGetCommand extends ApiCommand {
  static override summary = 'Show one audit event with its change';
  static override description =
    'Who did it (actor, client, token kind), to what, from which request, and the change field by field: "- field: before" and "+ field: after". --json prints the event as the API answers it, with the full before and after. Needs read:audit.';
  static override examples = [
    '<%= config.bin %> <%= command.id %> 0b6f3c1e-5f2a-4d8e-9c7b-2a1d3e4f5a6b',
    '<%= config.bin %> <%= command.id %> 0b6f3c1e-5f2a-4d8e-9c7b-2a1d3e4f5a6b --json | jq .change.before',
  ];
  static override args = { id: Args.string({ required: true, description: 'The event id (a decision event has the decision id).' }) };

  public async run(): Promise<AuditEvent> {
    const { args, flags } = await this.parse(AuditGetCommand);
    const api = await this.api(flags.server);
    const listed = await listedWithNames(api, args.id);
    // Not in the list (a decision's event, or a server older than the `id` filter): the event's own
    // route answers it, or says why not (404 not_found, 400 for a malformed id).
    const event = listed?.event ?? (await api.call('get', '/audit/events/{id}', { path: { id: args.id } }));
    this.log(eventDetailLines(event, listed?.names ?? {}).join('\n'));
    return event;
  }
}

/**
 * The event with its actors' names, as `audit events` shows them, in one request: the list
 * filtered to this id. A server older than the `id` filter (or a malformed id) refuses it with 400.
 */
async function listedWithNames(api: ApiClient, id: string): Promise<{ event: AuditEvent | undefined; names: AuditActorNames } | undefined> {
  try {
    const list = await api.call('get', '/audit/events', { query: { id, limit: 1 } });
    return { event: list.data[0], names: list.names };
  } catch (error) {
    if (error instanceof CommandError && error.problem?.status === 400) return undefined;
    throw error;
  }
}
