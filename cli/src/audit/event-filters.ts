import { Flags } from '@oclif/core';
import type { AuditEventListQuery } from '../../../core/src/index.js';
import { actorQuery } from './actor-filter.js';
import { parseTimeBound } from './time-bound.js';

/** The filters of GET /audit/events, without paging. */
export type AuditEventFilter = Omit<AuditEventListQuery, 'limit' | 'cursor'>;

/** How --since and --until values are written (time-bound.ts reads them), for every command that takes them. */
export const timeBoundHelp = 'A duration back from now (30s, 15m, 1h, 7d) or an RFC 3339 timestamp (2026-11-22T09:00:00Z).';

/** The API's filters as flags, shared by `audit events`, `audit tail` and `audit browse`. */
export const eventFilterFlags = {
  type: Flags.string({ summary: 'Only events of this type; repeatable or comma-separated; policy.* for a family.', multiple: true, helpValue: 'TYPE' }),
  chain: Flags.string({ summary: 'Only changes (and authentication events), or only decisions.', options: ['change', 'decision'] }),
  actor: Flags.string({
    summary:
      "Only events of this actor: a principal's name or id, or a token's subject (a client's own tokens: its client id). An agent's also finds what it did for people (their events, via the agent).",
    helpValue: 'NAME|ID',
  }),
  'target-type': Flags.string({ summary: 'Only events on targets of this type (policy, principal, client...).', helpValue: 'TYPE' }),
  'target-id': Flags.string({ summary: 'Only events on the target with this id.', helpValue: 'ID' }),
  outcome: Flags.string({ summary: 'Only successes or only failures.', options: ['success', 'failure'] }),
  since: Flags.string({ summary: 'Only events at or after this time.', description: timeBoundHelp, helpValue: 'DURATION|TIME' }),
  until: Flags.string({ summary: 'Only events before this time.', description: timeBoundHelp, helpValue: 'DURATION|TIME' }),
};

export interface EventFilterFlagValues {
  type?: string[];
  chain?: string;
  actor?: string;
  'target-type'?: string;
  'target-id'?: string;
  outcome?: string;
  since?: string;
  until?: string;
}

/** The flags as the API's query; durations are resolved against `now`, once. */
export function eventFilterOf(flags: EventFilterFlagValues, now: Date): AuditEventFilter {
  return {
    type: flags.type,
    chain: flags.chain as AuditEventFilter['chain'],
    ...actorQuery(flags.actor),
    target_type: flags['target-type'],
    target_id: flags['target-id'],
    outcome: flags.outcome as AuditEventFilter['outcome'],
    since: flags.since === undefined ? undefined : parseTimeBound('since', flags.since, now),
    until: flags.until === undefined ? undefined : parseTimeBound('until', flags.until, now),
  };
}
