import { Flags } from '@oclif/core';
import type { Pagination } from '../../../core/src/index.js';

export const paginationFlags = {
  page: Flags.integer({ summary: 'Page number, from 1.', min: 1 }),
  limit: Flags.integer({ summary: 'Items per page (at most 100).', min: 1, max: 100 }),
};

/** `page 1 of 3 (120 in all)`, for the status line under a list. */
export function describePage(pagination: Pagination): string {
  return `page ${pagination.page} of ${Math.max(pagination.pages, 1)} (${pagination.total} in all, ${pagination.per_page} per page)`;
}
