import { Flags } from '@oclif/core';

export const paginationFlags = {
  page: Flags.integer({ summary: 'Page number, from 1.', min: 1 }),
  limit: Flags.integer({ summary: 'Items per page (at most 100).', min: 1, max: 100 }),
};
