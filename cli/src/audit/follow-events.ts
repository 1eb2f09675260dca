import { setTimeout as sleep } from 'node:timers/promises';
import type { AuditActorNames, AuditEvent } from '../../../core/src/index.js';
import type { ApiClient } from '../api/client.js';
import { CommandError } from '../../../kit/src/index.js';
import type { AuditEventFilter } from './event-filters.js';
import { eventsAfter, headSequence } from './event-pages.js';

/** The longest wait between retries while the server is failing. */
const maxRetryDelayMs = 30_000;
/** A poll that takes longer than this has met a server that stopped answering: it is retried. */
const pollTimeoutMs = 30_000;

export interface FollowOptions {
  api: ApiClient;
  /** Filters of every poll (without `since`). */
  filter: Omit<AuditEventFilter, 'since' | 'until'>;
  /** Print the events from this time first; otherwise start from the newest event now. */
  since?: string;
  intervalMs: number;
  /** Ends the loop (SIGINT, SIGTERM): the request under way is cancelled, nothing more is printed. */
  signal: AbortSignal;
  /** One new event, with the names of the actors of the page it came in. */
  onEvent(event: AuditEvent, names: AuditActorNames): void;
  /** The starting point is fixed (and the --since events printed): anything committed from now on is printed. */
  onFollowing(): void;
  /** A poll failed in a way that may pass (server down, 5xx): it is retried after `delayMs`. */
  onRetry(error: CommandError, delayMs: number): void;
}

/**
 * Polls GET /audit/events for events newer than the last one seen, oldest first, until the signal
 * fires (how `kubectl logs -f` and `heroku logs --tail` behave over a polling API). The sequence is
 * the position: it follows commit order, so nothing is missed or repeated between polls.
 */
export async function followEvents(options: FollowOptions): Promise<void> {
  const { api, filter, signal } = options;
  let last: number;
  try {
    last = await headSequence(api, signal);
    if (options.since) {
      const { events, names } = await eventsAfter(api, { ...filter, since: options.since }, 0, signal);
      for (const event of events) {
        options.onEvent(event, names);
        last = Math.max(last, event.sequence);
      }
    }
  } catch (error) {
    // Stopped before it started (a server that does not answer): nothing to report.
    if (signal.aborted) return;
    throw error;
  }
  options.onFollowing();
  let failures = 0;
  while (!signal.aborted) {
    if (!(await pause(retryDelay(options.intervalMs, failures), signal))) return;
    try {
      const { events, names } = await eventsAfter(api, filter, last, AbortSignal.any([signal, AbortSignal.timeout(pollTimeoutMs)]));
      for (const event of events) {
        if (signal.aborted) return;
        options.onEvent(event, names);
        last = event.sequence;
      }
      failures = 0;
    } catch (error) {
      if (signal.aborted) return;
      if (!isTransient(error)) throw error;
      failures += 1;
      options.onRetry(error, retryDelay(options.intervalMs, failures));
    }
  }
}

/** The wait before the next poll: the interval, doubled for each failure in a row, up to 30 s. */
function retryDelay(intervalMs: number, failures: number): number {
  return Math.min(intervalMs * 2 ** failures, Math.max(intervalMs, maxRetryDelayMs));
}

/** Waits `ms`; false when the signal fired meanwhile. */
async function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  try {
    await sleep(ms, undefined, { signal });
    return true;
  } catch {
    return false;
  }
}

/** Failures worth waiting out: the server unreachable or answering 5xx. Refused credentials or a bad filter are not. */
function isTransient(error: unknown): error is CommandError {
  return error instanceof CommandError && (error.code === 'server_unreachable' || error.code === 'internal_error');
}
