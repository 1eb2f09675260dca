/** Helpers shared by the paginated list endpoints (policies, principals, webhooks, audit events, decisions, audit reports). */
import type { Knex } from 'knex';
import { loadSchemas, schemaIdBase } from '../../../core/src/index.js';
import { ApiError } from '../errors/api-error.js';

/** A LIKE/ILIKE pattern matching `text` anywhere, with `%`, `_` and `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of a page-numbered list, newest first (created_at, then id, so ties have one order): the
 * API tokens' and delegation grants' lists. newestFirstPage below is the keyset (cursor) form.
 */
export function newestFirstNumberedPage<Query extends Knex.QueryBuilder>(query: Query, page: number, limit: number): Query {
  return query
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit)
    .offset((page - 1) * limit) as Query;
}

/** The spec's pagination member: pages is ceil(total / per_page), 0 when there is nothing. */
export function paginationOf(total: number, page: number, limit: number): { total: number; page: number; per_page: number; pages: number } {
  return { total, page, per_page: limit, pages: Math.ceil(total / limit) };
}

/**
 * How a list answer pages, read from the schema of its 200 answer (schemas/, the one source):
 * `page` for the spec's pagination envelope (`pagination`: page numbers, `?page=`), `cursor` for a
 * keyset list (`next_cursor`, sent back as `?cursor=`). Undefined for anything that is not a list.
 */
export type PaginationStyle = 'page' | 'cursor';

const styles = new Map<string, PaginationStyle | undefined>();

export function paginationStyleOf(schemaRef: string | undefined): PaginationStyle | undefined {
  if (schemaRef === undefined) return undefined;
  if (!styles.has(schemaRef)) {
    const schema = loadSchemas().get(schemaRef.replace(schemaIdBase, '').replace(/\.json$/, '')) as { properties?: Record<string, unknown> } | undefined;
    const properties = schema?.properties ?? {};
    styles.set(schemaRef, 'pagination' in properties ? 'page' : 'next_cursor' in properties ? 'cursor' : undefined);
  }
  return styles.get(schemaRef);
}

/** Where a list answer stands, as its body says. */
export type PagePosition = { style: 'page'; page: number; pages: number } | { style: 'cursor'; nextCursor: string | null };

/**
 * The RFC 8288 Link field value of one page of a list: `target` is the request's URL (absolute:
 * the public origin and the path and query as sent), whose query parameters every link keeps,
 * with `page` or `cursor` changed. Page numbers give first, prev, next and last (last is page 1
 * of an empty list; prev of a page past the end is the last page). A cursor goes one way: next
 * while there is one, and first (the list without a cursor); prev and last are not known, so
 * they are left out, as GitHub does for its cursor-paginated lists.
 */
export function paginationLinks(target: URL, position: PagePosition): string {
  const link = (rel: string, set: (query: URLSearchParams) => void): string => {
    const url = new URL(target);
    set(url.searchParams);
    return `<${url.href}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (position.style === 'page') {
    const last = Math.max(1, position.pages);
    const toPage = (page: number) => (query: URLSearchParams) => query.set('page', String(page));
    links.push(link('first', toPage(1)));
    if (position.page > 1) links.push(link('prev', toPage(Math.min(position.page - 1, last))));
    if (position.page < position.pages) links.push(link('next', toPage(position.page + 1)));
    links.push(link('last', toPage(last)));
  } else {
    links.push(link('first', (query) => query.delete('cursor')));
    const next = position.nextCursor;
    if (next !== null) links.push(link('next', (query) => query.set('cursor', next)));
  }
  return links.join(', ');
}

/** A row of a newest-first keyset list: its id, and its created_at as exact text (newestFirstPage selects it). */
type KeysetRow = { id: string; cursor_time: string };

/**
 * One page of a list ordered newest first by (created_at, id), as Stripe's and Slack's cursors page:
 * `query` selects the table's rows with their filters; this adds the cursor's bound, the order and
 * the limit (one row more, to know whether a next page exists), and the opaque next_cursor. A row
 * written after a page was read is newer than the cursor, so later pages neither repeat nor skip one.
 */
export async function newestFirstPage<Row extends KeysetRow>(
  query: Knex.QueryBuilder,
  { limit, cursor }: { limit: number; cursor: string | undefined },
): Promise<{ rows: Row[]; next_cursor: string | null }> {
  const after = cursor === undefined ? undefined : decodeKeysetCursor(cursor);
  const rows = (await query
    .select(query.client.raw(`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_time`))
    .modify((q) => {
      if (after) q.whereRaw('(created_at, id) < (?::timestamptz, ?::uuid)', [after.time, after.id]);
    })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit + 1)) as Row[];
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  // Opaque to clients (they send next_cursor back as is), versioned so its form can change.
  return { rows: page, next_cursor: rows.length > limit && last ? Buffer.from(`v1|${last.cursor_time}|${last.id}`, 'utf8').toString('base64url') : null };
}

function decodeKeysetCursor(cursor: string): { time: string; id: string } {
  const match = /^v1\|(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(
    Buffer.from(cursor, 'base64url').toString('utf8'),
  );
  if (!match || Number.isNaN(Date.parse(match[1]!))) {
    throw new ApiError('validation_failed', 'The cursor is not one this API gave out: send next_cursor as it came', {
      errors: [{ pointer: '/cursor', in: 'query', detail: 'not a cursor of this API' }],
    });
  }
  return { time: match[1]!, id: match[2]! };
}
