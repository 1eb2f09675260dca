import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The writers that share one write among concurrent callers (db/group-commit.ts). */
export type GroupCommitWriter = 'decisions' | 'audit_events';

/** What a group commit reports of each write: how many items it carried and how long it took. */
export type WriteObserver = (items: number, seconds: number) => void;

/**
 * Who refused a request with 429: a rate class of the per-client limits (plugins/rate-limits), or
 * `credentials` for the throttles of credential guessing and the password-hashing slots
 * (security/failure-throttle.ts, security/hashing-slots.ts), which answer from the route itself.
 */
export type Limiter = 'standard' | 'decision' | 'bulk' | 'credentials';

/** The outcome of one webhook delivery attempt (domains/webhooks/deliver.ts), or `error` when it could not be recorded. */
export type WebhookAttemptOutcome = 'skipped' | 'succeeded' | 'retry_scheduled' | 'failed' | 'released' | 'error';

/** The counts of a connection pool (tarn, under Knex). */
export interface PoolCounts {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

/** The audit events a recorder could not record (domains/audit/event-recorder.ts: the same counts /v1/health shows). */
export type LostAuditEvents = () => { failed: number; dropped: number };

/** The change sets of this process (domains/policies/policy-sets-routes.ts): the one holding the turn, and those waiting for it. */
export type PolicySetTurns = () => { applying: number; waiting: number };

/** Seconds: from 1 ms (a decision answered from the caches) to 10 s (the pool's acquire timeout). */
const latencyBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Items per write: the recorders take at most 500 (maxItemsPerWrite). */
const batchBuckets = [1, 2, 5, 10, 20, 50, 100, 200, 500];
/** Seconds per group write: one round trip on a quiet database, more under load. */
const writeBuckets = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

type HttpLabel = 'method' | 'route' | 'status';
type HttpSeries = Histogram.Internal<HttpLabel>;

/**
 * The metrics of one app, in a Registry of its own (not prom-client's global one: tests run
 * several apps in one process, and each counts its own requests). Names follow Prometheus's
 * conventions (https://prometheus.io/docs/practices/naming/): `acctl_` prefix, base units,
 * `_total` on counters. Labels are bounded: a route is its pattern (`/v1/policies/:id`), never the
 * URL asked for. The domains and plugins report through the methods below (app.metrics); nothing
 * here reads a domain.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<HttpLabel>;
  /** Series by route, method and status, made once: the hot path makes no label object, and labels() runs once per series. */
  private readonly httpSeries = new Map<string, Map<string, Map<number, HttpSeries>>>();
  private readonly decisionsByOutcome: Record<'allow' | 'deny', Counter.Internal>;
  private readonly refusals: Counter<'limiter'>;
  private readonly webhookAttempts: Counter<'outcome'>;
  private readonly webhookDropped: Counter;
  private readonly batchSize: Histogram<'writer'>;
  private readonly writeDuration: Histogram<'writer'>;
  private pool: (() => PoolCounts | undefined) | undefined;
  private poolMax = 0;
  private lostAuditEvents: LostAuditEvents = () => ({ failed: 0, dropped: 0 });
  private policySetTurns: PolicySetTurns = () => ({ applying: 0, waiting: 0 });

  constructor() {
    const registers = [this.registry];
    this.httpDuration = new Histogram({
      name: 'acctl_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being sent, by method, route pattern (unmatched: no route) and status; _count is the number of requests.',
      labelNames: ['method', 'route', 'status'],
      buckets: latencyBuckets,
      registers,
    });
    const decisions = new Counter({
      name: 'acctl_decisions_total',
      help: 'Access decisions answered (each recorded first) by POST /v1/decisions/evaluate and /batch, by outcome (allow or deny).',
      labelNames: ['outcome'],
      registers,
    });
    this.decisionsByOutcome = { allow: decisions.labels('allow'), deny: decisions.labels('deny') };
    this.refusals = new Counter({
      name: 'acctl_rate_limit_refusals_total',
      help: 'Requests answered 429, by limiter: the per-client rate class (standard, decision, bulk) or credentials (the throttles of credential guessing and the password-hashing slots).',
      labelNames: ['limiter'],
      registers,
    });
    this.webhookAttempts = new Counter({
      name: 'acctl_webhook_delivery_attempts_total',
      help: 'Webhook delivery attempts made by this replica, by outcome: succeeded, retry_scheduled (failed, tried again later), failed (no attempt left, or webhook disabled), skipped (webhook deleted meanwhile), released (shutdown), error (the result could not be recorded).',
      labelNames: ['outcome'],
      registers,
    });
    this.webhookDropped = new Counter({
      name: 'acctl_webhook_deliveries_dropped_total',
      help: 'Webhook deliveries written failed, never attempted, by changes committed on this replica, because their webhook had webhookMaxPendingDeliveries pending.',
      registers,
    });
    this.batchSize = new Histogram({
      name: 'acctl_group_commit_batch_size',
      help: 'Items per group write, by writer: decisions (the decision recorder) or audit_events (the recorder of events without a transaction of their own).',
      labelNames: ['writer'],
      buckets: batchBuckets,
      registers,
    });
    this.writeDuration = new Histogram({
      name: 'acctl_group_commit_duration_seconds',
      help: 'Time of one group write from its start to its commit (or failure), by writer; the callers in it wait this long plus the write ahead of theirs.',
      labelNames: ['writer'],
      buckets: writeBuckets,
      registers,
    });
    // The alarm of the audit log is counted once, by the recorder; these read its counts when scraped.
    new Counter({
      name: 'acctl_audit_events_failed_total',
      help: 'Audit events this process could not record because their write failed (each logged at error level; /v1/health checks.audit_log.failed_events). Alert on any increase.',
      registers,
      collect: readCount(() => this.lostAuditEvents().failed),
    });
    new Counter({
      name: 'acctl_audit_events_dropped_total',
      help: 'Audit events this process dropped because too many waited to be recorded (logged at error level; /v1/health checks.audit_log.dropped_events). Alert on any increase.',
      registers,
      collect: readCount(() => this.lostAuditEvents().dropped),
    });
    const pool = (): PoolCounts | undefined => this.pool?.();
    new Gauge({
      name: 'acctl_db_pool_connections',
      help: 'Connections of the database pool, by state: used (lent to a query or transaction) or free (idle in the pool).',
      labelNames: ['state'],
      registers,
      collect() {
        const counts = pool();
        this.set({ state: 'used' }, counts?.numUsed() ?? 0);
        this.set({ state: 'free' }, counts?.numFree() ?? 0);
      },
    });
    new Gauge({
      name: 'acctl_db_pool_pending_acquires',
      help: 'Requests for a pool connection waiting for one (none free and the pool at its maximum, or a connection being opened).',
      registers,
      collect() {
        this.set(pool()?.numPendingAcquires() ?? 0);
      },
    });
    const turns = (): ReturnType<PolicySetTurns> => this.policySetTurns();
    new Gauge({
      name: 'acctl_policy_set_requests',
      help: 'Change sets (POST /v1/policy-sets) in this process, by state: applying (the one set holding the turn, its body read and applied: 0 or 1) or waiting (for the turn, their bodies unread; past the limit, 503).',
      labelNames: ['state'],
      registers,
      collect() {
        const counts = turns();
        this.set({ state: 'applying' }, counts.applying);
        this.set({ state: 'waiting' }, counts.waiting);
      },
    });
    const max = (): number => this.poolMax;
    new Gauge({
      name: 'acctl_db_pool_max_connections',
      help: 'The most connections the pool opens (ACCTL_DB_POOL_MAX).',
      registers,
      collect() {
        this.set(max());
      },
    });
  }

  /** One answered request: `route` is the route's pattern, `unmatched` when none matched. Allocates nothing once the series exists. */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    let byMethod = this.httpSeries.get(route);
    if (byMethod === undefined) this.httpSeries.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (byStatus === undefined) byMethod.set(method, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (series === undefined) byStatus.set(status, (series = this.httpDuration.labels({ method, route, status })));
    series.observe(seconds);
  }

  decisionAnswered(outcome: 'allow' | 'deny'): void {
    this.decisionsByOutcome[outcome].inc();
  }

  refused(limiter: Limiter): void {
    this.refusals.inc({ limiter });
  }

  webhookAttempt(outcome: WebhookAttemptOutcome): void {
    this.webhookAttempts.inc({ outcome });
  }

  webhookDeliveriesDropped(count: number): void {
    this.webhookDropped.inc(count);
  }

  /** The observer a group-commit writer is given (GroupCommitOptions.onWrite). */
  groupCommit(writer: GroupCommitWriter): WriteObserver {
    const size = this.batchSize.labels({ writer });
    const duration = this.writeDuration.labels({ writer });
    return (items, seconds) => {
      size.observe(items);
      duration.observe(seconds);
    };
  }

  /** The pool whose counts are read at each scrape (a function: Knex makes its pool lazily and drops it when destroyed). */
  watchPool(pool: () => PoolCounts | undefined, maxConnections: number): void {
    this.pool = pool;
    this.poolMax = maxConnections;
  }

  /** The recorder's counts of lost audit events, read at each scrape: the recorder keeps the one count. */
  watchLostAuditEvents(counts: LostAuditEvents): void {
    this.lostAuditEvents = counts;
  }

  /** The change sets' turn, read at each scrape: the queue of sets keeps the one count. */
  watchPolicySetTurns(counts: PolicySetTurns): void {
    this.policySetTurns = counts;
  }
}

/** A counter whose value is kept elsewhere (it only grows there): set to it at each scrape. */
function readCount(value: () => number): (this: Counter) => void {
  return function (this: Counter) {
    this.reset();
    this.inc(value());
  };
}
