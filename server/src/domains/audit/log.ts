import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import type { AuditEvent } from '../../../../core/src/index.js';
import type { GroupCommitOptions } from '../../db/group-commit.js';
import { uuidV7 } from '../../db/uuid-v7.js';
import type { EventType } from '../../events/catalog.js';
import type { DomainEvent } from '../../events/types.js';
import { withActorKinds } from './actor-kinds.js';
import { appendToAuditLog } from './audit-log.js';
import { DecisionRecorder, type RecordedDecision } from './decision-recorder.js';
import { EventRecorder, type RecorderLog } from './event-recorder.js';

/** An event with the id and time the audit log will store it with. */
export type IdentifiedEvent = DomainEvent & { id: string; time: Date };

/**
 * Another domain that acts on every recorded change's events in the change's transaction (the
 * webhook outbox), handed to the audit log where it is built (app.ts, admin/database.ts,
 * server.ts's bootstrap), so the audit domain calls no domain above it. `hears` says which types
 * it acts on: events that none hears may be appended without a transaction (event-recorder.ts).
 */
export interface RecordedEventsSubscriber {
  hears(type: EventType): boolean;
  receive(trx: Knex.Transaction, events: readonly IdentifiedEvent[]): Promise<void>;
}

/**
 * The one way anything writes the audit log (Cerbos's internal/audit/log.go: one interface the
 * engine calls). Three writes, one log, one hash chain per chain, events numbered in commit order:
 *
 * - append: the events of a change, in the change's transaction, last (ARCHITECTURE.md "Lock
 *   order": the subscribers first, then the log's lock, held to the commit);
 * - appendInBackground: events with no change of their own (auth.failed, auth.token_issued),
 *   gathered and written without holding up the caller (event-recorder.ts);
 * - appendDecisions: decisions with their decision.evaluated events (or a digest), stored
 *   together in one write after a check of what they depended on (decision-recorder.ts).
 */
export interface AuditLog {
  /**
   * Records the events of a change in the transaction of that change, so there is never a change
   * without its events or an event without its change (STYLE habit 6: one event, for the audit log
   * and for webhooks alike). Call it last, just before the transaction commits: the log's append
   * lock is held from here to the commit. Answers the events as stored (id, time, sequence, hash).
   */
  append(trx: Knex.Transaction, events: readonly DomainEvent[]): Promise<AuditEvent[]>;
  /** Records events that have no transaction of their own, without waiting; failures are counted in `failures`, never thrown. */
  appendInBackground(events: DomainEvent[]): void;
  /**
   * Stores decisions and their events together; resolves once committed, rejects if they could not
   * be (the caller must not answer), with StaleGenerations if they must be made again.
   */
  appendDecisions(decisions: RecordedDecision[]): Promise<void>;
  /** Resolves when every event handed to appendInBackground so far is recorded (or failed). */
  idle(): Promise<void>;
  /** Events handed to appendInBackground since start that were not recorded: failed writes, and drops when too many waited. */
  readonly failures: { failed: number; dropped: number };
}

/** What a service that records a change stands on: its database, and the audit log built with it. */
export interface AuditedDatabase {
  readonly db: Knex;
  readonly auditLog: Pick<AuditLog, 'append'>;
}

export interface AuditLogOptions {
  /** Who hears every recorded change's events in its transaction: the webhook outbox, passed in by the entry that builds the log. */
  subscribers: readonly RecordedEventsSubscriber[];
  /** Where background writes report drops and failures; stderr when absent. */
  log?: RecorderLog;
  /** auditDecisionEvents `digest`: each write of decisions records one decisions.recorded event for all of them. */
  decisionDigest?: boolean;
  /** Reports each group commit's write (app.metrics.groupCommit). */
  onEventsWrite?: GroupCommitOptions['onWrite'];
  onDecisionsWrite?: GroupCommitOptions['onWrite'];
}

const stderrLog: RecorderLog = {
  warn: (details, message) => process.stderr.write(`${message} ${JSON.stringify(details)}\n`),
  error: (details, message) => process.stderr.write(`${message} ${JSON.stringify(details)}\n`),
};

/**
 * The audit log of one database, delivering to the subscribers it is given: each app, and each
 * process that changes data without an app (`acctl server ...`, bootstrap), builds its own, so
 * two apps in one process (the tests) never deliver an event twice.
 */
export function openAuditLog(db: Knex, options: AuditLogOptions): AuditLog {
  const subscribers = [...new Set(options.subscribers)];
  const append = async (trx: Knex.Transaction, events: readonly DomainEvent[]): Promise<AuditEvent[]> => {
    if (events.length === 0) return [];
    // The ids and times the audit log would give them, chosen now: one id for the audit event and
    // what subscribers make of it (the webhook deliveries), written before the log's lock.
    const now = new Date();
    // Before the subscribers: the webhook's delivery carries the chain as the log records it.
    const identified = (await withActorKinds(trx, events)).map((event): IdentifiedEvent => {
      const time = event.time ?? now;
      return { ...event, time, id: event.id ?? uuidV7(time.getTime()) };
    });
    // Lock order (ARCHITECTURE.md "Lock order"): the subscribers first, then the audit log. The
    // webhook outbox locks the webhooks it delivers to (their foreign key does too) and may wait
    // for a webhook being deleted; the log's lock is the last one taken, so its holder never waits
    // for a row and a transaction holding a row never waits behind a holder that waits for that row.
    for (const subscriber of subscribers) await subscriber.receive(trx, identified);
    return appendToAuditLog(trx, identified);
  };
  const events = new EventRecorder(db, options.log ?? stderrLog, {
    append,
    isHeard: (type) => subscribers.some((subscriber) => subscriber.hears(type)),
    ...(options.onEventsWrite ? { onWrite: options.onEventsWrite } : {}),
  });
  const decisions = new DecisionRecorder(db, options.decisionDigest === true, options.onDecisionsWrite ? { onWrite: options.onDecisionsWrite } : {});
  return {
    append,
    appendInBackground: (batch) => events.recordInBackground(batch),
    appendDecisions: (batch) => decisions.record(batch),
    idle: () => events.idle(),
    get failures() {
      return events.failures;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The audit log: every write to it goes through here (domains/audit/log.ts). */
    auditLog: AuditLog;
  }
}

/** The app's audit log, with the subscribers app.ts passes; what it holds is written before the pool closes. */
export const auditLogPlugin = fp(
  async (app: FastifyInstance, options: { subscribers: readonly RecordedEventsSubscriber[] }) => {
    const auditLog = openAuditLog(app.db, {
      subscribers: options.subscribers,
      log: app.log,
      decisionDigest: app.config.auditDecisionEvents === 'digest',
      onEventsWrite: app.metrics.groupCommit('audit_events'),
      onDecisionsWrite: app.metrics.groupCommit('decisions'),
    });
    app.decorate('auditLog', auditLog);
    // The alarm's one count is the log's: /v1/health and the metrics both read it.
    app.metrics.watchLostAuditEvents(() => auditLog.failures);
    app.addHook('onClose', async () => auditLog.idle());
  },
  { name: 'audit-log', dependencies: ['config', 'db', 'metrics'] },
);
