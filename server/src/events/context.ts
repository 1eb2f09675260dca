import type { FastifyRequest } from 'fastify';
import { actorChainOf } from '../../../core/src/index.js';
import { clientRequestIdOf } from '../http/request-id.js';
import type { ChangeContext, EventActor, EventRequest } from './types.js';

/** The change context of an authenticated REST request. */
export function changeContextOf(request: FastifyRequest): ChangeContext {
  return { actor: actorOf(request), request: requestInfoOf(request), now: new Date() };
}

export function actorOf(request: FastifyRequest): EventActor {
  const caller = request.caller;
  if (!caller) return { subject: 'anonymous', client_id: null, token_kind: 'anonymous' };
  return { subject: caller.subject, client_id: caller.clientId, token_kind: caller.kind, ...(caller.act ? { act: actorChainOf(caller.act) } : {}) };
}

export function requestInfoOf(request: FastifyRequest): EventRequest {
  const agent = request.headers['user-agent'];
  return {
    id: request.id,
    client_request_id: clientRequestIdOf(request.headers['x-request-id']),
    ip: request.ip ?? null,
    user_agent: typeof agent === 'string' ? agent.slice(0, 500) : null,
  };
}

/** For changes made outside HTTP (CLI administration, bootstrap). */
export function systemContext(subject: string, kind: EventActor['token_kind'] = 'system'): ChangeContext {
  return { actor: { subject, client_id: null, token_kind: kind }, request: { id: null, ip: null, user_agent: null }, now: new Date() };
}
