import type { ActorChain } from '../../../core/src/index.js';
import type { EventType } from './catalog.js';

/** Who did it: the token's subject and how they authenticated. */
export interface EventActor {
  subject: string;
  client_id: string | null;
  token_kind: 'access_token' | 'api_token' | 'session' | 'cli' | 'system' | 'anonymous';
  /**
   * RFC 8693 section 4.1: the agents that acted for `subject`, nearest first, from the caller's
   * verified access token (its `act` claim, flattened: schemas/actor-chain.json). The audit log
   * records and hashes it, webhooks deliver it; the audit log's append adds each agent's `kind`.
   */
  act?: ActorChain;
}

/** Where the request came from, for the audit record. */
export interface EventRequest {
  /** The server's id of the request (X-Request-Id on its answer). */
  id: string | null;
  /** The X-Request-Id the caller sent, when short and plain: its own, never trusted as the server's. */
  client_request_id?: string | null;
  ip: string | null;
  user_agent: string | null;
}

/** A domain event, as services raise it inside the transaction of the change it describes. */
export interface DomainEvent {
  /** Assigned by the audit log's append when absent; a decision's event takes the decision's id. */
  id?: string;
  /** When it happened: the change's clock reading (ChangeContext.now); the audit log's append uses its own clock when absent. */
  time?: Date;
  type: EventType;
  actor: EventActor;
  /** What it happened to, e.g. { type: 'policy', id }. */
  target: { type: string; id: string };
  outcome: 'success' | 'failure';
  request: EventRequest;
  /** The change: the state before and after (null for creation or deletion), or another description. */
  change: { before: unknown; after: unknown } | null;
  /** Small extra facts (reason of a failure, version numbers). */
  data?: Record<string, unknown>;
}

/**
 * What a service needs to record a change: who, from where, and the one clock reading used for
 * the change and its event.
 */
export interface ChangeContext {
  actor: EventActor;
  request: EventRequest;
  now: Date;
}
