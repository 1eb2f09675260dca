/** Helpers shared by the paginated list endpoints (policies, principals, webhooks). */

/** A LIKE/ILIKE pattern matching `text` anywhere, with `%`, `_` and `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The spec's pagination member: pages is ceil(total / per_page), 0 when there is nothing. */
export function paginationOf(total: number, page: number, limit: number): { total: number; page: number; per_page: number; pages: number } {
  return { total, page, per_page: limit, pages: Math.ceil(total / limit) };
}
