import type { AuditEventList } from '../../../core/src/index.js';
import type { ApiClient } from '../api/client.js';
import type { AuditEventFilter } from '../audit/event-filters.js';
import { fetchEventPage, maxPageSize } from '../audit/event-pages.js';

/** Where the browser gets its events: pages of the audit log, newest first. */
export interface AuditEventSource {
  page(cursor: string | null): Promise<AuditEventList>;
}

/** Pages of GET /audit/events with the command's server-side filters. */
export function apiEventSource(api: ApiClient, filter: AuditEventFilter, pageSize = maxPageSize): AuditEventSource {
  return { page: (cursor) => fetchEventPage(api, filter, pageSize, cursor ?? undefined) };
}
