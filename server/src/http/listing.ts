/** Helpers shared by the paginated list endpoints (policies, principals, webhooks, audit events, decisions). */
import { loadSchemas, schemaIdBase } from '../../../core/src/index.js';

/** A LIKE/ILIKE pattern matching `text` anywhere, with `%`, `_` and `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
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
