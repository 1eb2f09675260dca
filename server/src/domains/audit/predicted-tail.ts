import type { DomainEvent } from '../../events/types.js';
import type { AuditEvent } from '../../../../core/src/index.js';
import { prepareEvents, sealPrepared, type SealedEvents } from './audit-log.js';
import { genesisHash, type AuditChain } from './chain.js';

/** The audit log's tail as one writer last saw it: the sequence's last value and one chain's head. */
export interface ChainTail {
  sequence: number;
  head: string;
}

/** A tail no log has: the first prediction misses, and the miss answers the real tail. */
const unknownTail: ChainTail = { sequence: -1, head: genesisHash };

/** Predictions tried before a write takes the log's lock the general way (other writers keep appending). */
const predictionAttempts = 3;

/**
 * Appends in one round trip for a writer that appends often (decisions, issued tokens): it
 * predicts the log's tail as its last write left it (right whenever it wrote last, the steady
 * state), numbers and hashes the events on that tail itself, and a database function stores them
 * after checking the prediction under the log's lock (acctl_record_checked_decisions,
 * acctl_append_change_events). A miss answers the real tail, and the events are sealed again on
 * it. Optimistic concurrency, as the expected revision of an event store's append (EventStoreDB):
 * the lock is held for one statement, not across round trips. One instance per writer and chain;
 * writes that overlap build each on the previous one's predicted outcome.
 */
export class PredictedTail {
  private predicted: ChainTail = unknownTail;

  constructor(private readonly chain: AuditChain) {}

  /**
   * Seals `events` on the predicted tail and hands them to `store`, which stores them if the tail
   * is there ('stored'), answers where it really is, or stores nothing for a reason of its own
   * ('refused'). Answers 'missed' when every prediction missed: the caller appends the general
   * way (appendToAuditLog) and tells `learn`.
   */
  async append(
    events: readonly DomainEvent[],
    store: (expected: ChainTail, sealed: SealedEvents) => Promise<ChainTail | 'stored' | 'refused'>,
  ): Promise<'stored' | 'refused' | 'missed'> {
    let expected = this.predicted;
    // Rendered once for every attempt: only the linking depends on the tail (audit-log.ts PreparedEvent).
    const prepared = prepareEvents(events, { resealable: true });
    for (let attempt = 0; attempt < predictionAttempts; attempt++) {
      const sealed = sealPrepared(
        { sequences: events.map((_, i) => expected.sequence + 1 + i), heads: { change: genesisHash, decision: genesisHash, [this.chain]: expected.head } },
        prepared,
      );
      if (sealed.events.length > 0) this.predicted = tailOf(sealed.events);
      let answer: ChainTail | 'stored' | 'refused';
      try {
        answer = await store(expected, sealed);
      } catch (error) {
        // Stored or not, nobody knows: the next write learns the tail from its miss.
        this.predicted = unknownTail;
        throw error;
      }
      if (answer === 'stored') return answer;
      if (answer === 'refused') {
        // Nothing was stored: the tail is where it was expected.
        if (sealed.events.length > 0) this.predicted = expected;
        return answer;
      }
      expected = answer;
    }
    this.predicted = expected;
    return 'missed';
  }

  /** Events this writer appended the general way: the next prediction builds on them. */
  learn(appended: readonly AuditEvent[]): void {
    if (appended.length === 0) return;
    const tail = tailOf(appended);
    if (tail.sequence > this.predicted.sequence) this.predicted = tail;
  }
}

function tailOf(events: readonly AuditEvent[]): ChainTail {
  const last = events[events.length - 1]!;
  return { sequence: last.sequence, head: last.hash };
}

/** The genesis hash stands for "no event yet", which the database reads as NULL. */
export function headParameter(hex: string): Buffer | null {
  return hex === genesisHash ? null : Buffer.from(hex, 'hex');
}

/** A head as the database answers it: NULL for "no event yet". */
export function headOf(value: Buffer | null | undefined): string {
  return value?.toString('hex') ?? genesisHash;
}
