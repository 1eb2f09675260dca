import type { AuditActorNames, AuditEvent, AuditEventList } from '../../../core/src/index.js';
import type { ApiClient } from '../api/client.js';
import type { AuditEventFilter } from './event-filters.js';

/** The API's largest page (schemas/audit-event-list-query.json). */
export const maxPageSize = 100;

/** One page of GET /audit/events, newest first. */
export function fetchEventPage(api: ApiClient, filter: AuditEventFilter, limit: number, cursor?: string, signal?: AbortSignal): Promise<AuditEventList> {
  return api.call('get', '/audit/events', { query: { ...filter, limit, cursor }, signal });
}

/**
 * Up to `max` events, newest first, following `next_cursor` page after page. The answer's
 * `next_cursor` continues where this stopped (null when the log has no more).
 */
export async function collectEvents(api: ApiClient, filter: AuditEventFilter, max: number, cursor?: string): Promise<AuditEventList> {
  const data: AuditEvent[] = [];
  const names: AuditActorNames = {};
  let next: string | null | undefined = cursor;
  do {
    const page = await fetchEventPage(api, filter, Math.min(maxPageSize, max - data.length), next ?? undefined);
    data.push(...page.data);
    Object.assign(names, page.names);
    next = page.next_cursor;
  } while (next && data.length < max);
  return { data, next_cursor: next ?? null, names };
}

/** The sequence of the newest event of the whole log (0 when it is empty): where "from now" starts. */
export async function headSequence(api: ApiClient, signal?: AbortSignal): Promise<number> {
  const page = await fetchEventPage(api, {}, 1, undefined, signal);
  return page.data[0]?.sequence ?? 0;
}

/**
 * The events matching `filter` with a sequence above `after`, oldest first, with their actors'
 * names. Sequences follow commit order and pages are a keyset on them, so reading newest first
 * down to `after` misses none.
 */
export async function eventsAfter(
  api: ApiClient,
  filter: AuditEventFilter,
  after: number,
  signal?: AbortSignal,
): Promise<{ events: AuditEvent[]; names: AuditActorNames }> {
  const newer: AuditEvent[] = [];
  const names: AuditActorNames = {};
  let cursor: string | undefined;
  for (;;) {
    const page = await fetchEventPage(api, filter, maxPageSize, cursor, signal);
    const fresh = page.data.filter((event) => event.sequence > after);
    newer.push(...fresh);
    Object.assign(names, page.names);
    if (fresh.length < page.data.length || !page.next_cursor) break;
    cursor = page.next_cursor;
  }
  return { events: newer.reverse(), names };
}
