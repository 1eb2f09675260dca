import type { Knex } from 'knex';
import { GroupCommit, type GroupCommitOptions } from '../../db/group-commit.js';
import { insertJsonRowsSql } from '../../db/json-rows.js';
import { isRowFault } from '../../db/pg-errors.js';
import { inPgTransaction, pgQuery } from '../../db/pg-transaction.js';
import type { AuditEvent, Decision, DecisionPlan, DecisionPlanRequest, SimulationRequest } from '../../../../core/src/index.js';
import { generationsOf, readGenerations, type Generations } from '../../plugins/change-feed.js';
import type { DomainEvent } from '../../events/types.js';
import { insertAuditEventsSql, readReservation, reserveSql, sealEvents } from './audit-log.js';
import { chainOf } from './chain.js';
import { decisionsRecordedEvent, toDecisionRecord } from './decision-digest.js';
import { headOf, headParameter, PredictedTail } from './predicted-tail.js';

/** A row of decisions: a decision, or a query plan (issue #35), which has no identifier nor allow or deny. */
export type DecisionRow = EvaluatedRow | PlannedRow;

interface RecordedRowFields {
  id: string;
  created_at: Date;
  principal_id: string | null;
  principal_type: string;
  resource_type: string;
  action: string;
  caller_subject: string;
  client_id: string | null;
  request_id: string | null;
  evaluation_time_ms: number;
}

export interface EvaluatedRow extends RecordedRowFields {
  kind: 'decision';
  decision: 'allow' | 'deny';
  resource_identifier: string;
  /** The request as evaluated (stored attributes merged) and its answer: GET /v1/decisions/{id} shows both. */
  request: SimulationRequest;
  result: Decision;
}

/** A plan: its outcome (kind always_allowed, always_denied, conditional) and condition are its result. */
export interface PlannedRow extends RecordedRowFields {
  kind: 'plan';
  decision: null;
  resource_identifier: null;
  request: DecisionPlanRequest;
  result: DecisionPlan;
}

const decisionColumns = [
  'id',
  'created_at',
  'kind',
  'decision',
  'principal_id',
  'principal_type',
  'resource_type',
  'resource_identifier',
  'action',
  'caller_subject',
  'client_id',
  'request_id',
  'evaluation_time_ms',
  'request',
  'result',
] as const satisfies ReadonlyArray<keyof DecisionRow>;

/**
 * A decision to store, with its decision.evaluated event unless configuration leaves it out (or
 * summarises it: `digest`); or a plan, always with its decision.planned event (a digest lists decisions only).
 */
export interface RecordedDecision {
  row: DecisionRow;
  event: DomainEvent | null;
  /**
   * The change counters the decision was made with (its caller's token, the policies, stored
   * attributes), to check when it is stored; null when they were read after its request arrived,
   * which is all a decision needs (a decision made again after a failed check).
   */
  generations: DecisionGenerations | null;
}

/** The counters a decision depends on: checked when it is stored (acctl_record_checked_decisions). */
export type DecisionGenerations = Pick<Generations, 'policies' | 'principals' | 'credentials'>;

/**
 * Something the decisions depend on changed (a policy, a principal, a credential) after the counters
 * they were made with: nothing was stored, and they must be made again with at least `current`.
 */
export class StaleGenerations extends Error {
  constructor(readonly current: Generations) {
    super('the change counters moved on before the decisions were stored');
  }
}

// The statements of a write, prepared once per connection (see the class comment).
const insertDecisions = insertJsonRowsSql('decisions', decisionColumns, '$1');
const recordIfCurrent = {
  name: 'acctl_record_checked_decisions',
  text: 'SELECT answer, last_sequence, decision_head, generations FROM acctl_record_checked_decisions($1, $2, $3, $4, $5)',
};
const insertAndReserve = { name: 'acctl_decisions_insert_reserve', text: `WITH inserted AS (${insertDecisions}) ${reserveSql('$2')}` };
const appendEvents = { name: 'acctl_audit_append', text: insertAuditEventsSql('$1') };

interface WriteAnswer {
  answer: 'recorded' | 'stale' | 'tail_moved';
  last_sequence: string | null;
  decision_head: Buffer | null;
  generations: Record<string, string | number> | null;
}

/**
 * Every decision is stored before it is answered, but decisions that arrive together share one
 * write (group commit), and a decision is never stored without its decision.evaluated event nor
 * the reverse. A write is one round trip, acctl_record_checked_decisions (migration 20261126_07),
 * which also checks that nothing the decisions depended on changed since the counters they were
 * made with (else StaleGenerations: the caller decides again), so a decision needs no read of its
 * own before it is made. The events are sealed here on the tail this replica predicts
 * (predicted-tail.ts), which the function checks under the log's lock; a miss answers the
 * real tail, and the write is sealed again on it. After a few misses (other writers busy) it takes the general
 * transaction: store the decisions and reserve the events' place, check the counters, append the
 * events, commit. A column added to decisions must be added to the function too.
 * decision events go to no webhook (events/catalog.ts), so this skips the audit log's subscribers (log.ts).
 * The decisions domain hands decisions here through AuditLog.appendDecisions.
 */
export class DecisionRecorder {
  private readonly commit: GroupCommit<RecordedDecision>;
  private readonly tail = new PredictedTail('decision');

  constructor(
    private readonly db: Knex,
    /** auditDecisionEvents `digest`: each write records one decisions.recorded event for all its decisions (decision-digest.ts). */
    private readonly digest = false,
    options: Partial<GroupCommitOptions> = {},
  ) {
    // One write at a time: the decisions that arrive meanwhile make the next write bigger, and on a
    // small machine the round trips (each wakes a backend) cost more than the waiting. Measured with
    // npm run bench: one in flight answered 15% more decisions than two, with a lower p99.
    // One caller's decision that PostgreSQL refuses fails that caller only (issue #19, finding 2).
    this.commit = new GroupCommit((decisions) => this.write(decisions), { maxItemsPerWrite: 500, maxInFlight: 1, isolateFailures: isRowFault, ...options });
  }

  /**
   * Resolves once the decisions and their events are committed; rejects if they could not be (the
   * caller must not answer), with StaleGenerations if they must be made again.
   */
  record(decisions: RecordedDecision[]): Promise<void> {
    return this.commit.add(decisions);
  }

  /**
   * Stores the decisions whose counters are still current, and answers the others: a failed
   * check fails only the decisions made with older counters, the rest are written again at once
   * (so a stream of changes cannot keep failing decisions that were made after it).
   */
  private async write(decisions: RecordedDecision[]): Promise<Map<RecordedDecision, StaleGenerations>> {
    const failed = new Map<RecordedDecision, StaleGenerations>();
    let pending = decisions;
    while (pending.length > 0) {
      const current = await this.store(pending);
      if (!current) break;
      const stale = new StaleGenerations(current);
      pending = pending.filter((decision) => !(decision.generations && isStale(decision.generations, current) && failed.set(decision, stale)));
    }
    return failed;
  }

  /** Stores the decisions and their events; answers null, or the current counters when some decisions were made with older ones. */
  private async store(decisions: RecordedDecision[]): Promise<Generations | null> {
    const rows = JSON.stringify(decisions.map(({ row }) => row));
    const generations = oldestGenerations(decisions);
    const events = this.digest ? digestEvents(decisions) : decisions.flatMap(({ event }) => (event ? [event] : []));
    if (events.some((event) => chainOf(event.type) !== 'decision')) throw new Error('DecisionRecorder records decision-chain events only');
    let stale: Generations | null = null;
    const stored = await this.tail.append(events, async (expected, sealed) => {
      const values = [expected.sequence, headParameter(expected.head), JSON.stringify(generations), rows, sealed.rowsJson];
      const answer = (await pgQuery<WriteAnswer>(this.db, { ...recordIfCurrent, values })).rows[0];
      if (answer?.answer === 'tail_moved') return { sequence: Number(answer.last_sequence ?? -1), head: headOf(answer.decision_head) };
      if (answer?.answer === 'recorded') return 'stored';
      if (answer?.answer !== 'stale') throw new Error(`acctl_record_checked_decisions answered ${String(answer?.answer)}`);
      stale = generationsOf(answer.generations);
      return 'refused';
    });
    if (stored !== 'missed') return stale;
    let appended: AuditEvent[] = [];
    const current = await inPgTransaction(this.db, async (client) => {
      const reserved = await client.query({ ...insertAndReserve, values: [rows, events.length] });
      const now = generationsOf((await client.query<{ name: string; generation: string }>(readGenerations)).rows);
      if (isStale(generations, now)) throw new StaleAtAppend(now);
      const sealed = sealEvents(readReservation(reserved.rows[0]), events);
      await client.query({ ...appendEvents, values: [sealed.rowsJson] });
      appended = sealed.events;
      return null;
    }).catch((error: unknown) => {
      if (error instanceof StaleAtAppend) return error.current;
      throw error;
    });
    this.tail.learn(appended);
    return current;
  }
}

/** auditDecisionEvents `digest`: one decisions.recorded event for the write's decisions, if any, and each plan's own event. */
function digestEvents(recorded: readonly RecordedDecision[]): DomainEvent[] {
  const decisions = recorded.flatMap(({ row }) => (row.kind === 'decision' ? [toDecisionRecord(row)] : []));
  const plans = recorded.flatMap(({ row, event }) => (row.kind === 'plan' && event ? [event] : []));
  return decisions.length > 0 ? [decisionsRecordedEvent(decisions), ...plans] : plans;
}

/** The general path's check failed: rolls its transaction back, then read as a stale answer. */
class StaleAtAppend extends Error {
  constructor(readonly current: Generations) {
    super('stale');
  }
}

/** What a group of decisions depends on: each counter at the oldest value any of them was made with ({} when none needs a check). */
function oldestGenerations(decisions: readonly RecordedDecision[]): Partial<DecisionGenerations> {
  const oldest: Partial<DecisionGenerations> = {};
  for (const { generations } of decisions) {
    if (!generations) continue;
    for (const name of ['policies', 'principals', 'credentials'] as const) oldest[name] = Math.min(oldest[name] ?? Infinity, generations[name]);
  }
  return oldest;
}

function isStale(made: Partial<DecisionGenerations>, current: Generations): boolean {
  return (
    current.policies > (made.policies ?? Infinity) || current.principals > (made.principals ?? Infinity) || current.credentials > (made.credentials ?? Infinity)
  );
}
