import {
  type AuthzenAction,
  type AuthzenContext,
  type AuthzenEvaluationResponse,
  type AuthzenEvaluationsRequest,
  type AuthzenResource,
  type AuthzenSubject,
  type Decision,
  type SimulationRequest,
  principalKinds,
  principalTypeOf,
} from '../../../../core/src/index.js';
import { ApiError } from '../../errors/api-error.js';

/** AuthZEN Authorization API 1.0, Access Evaluation Request: the 4-tuple. */
export interface AuthzenTuple {
  subject: AuthzenSubject;
  action: AuthzenAction;
  resource: AuthzenResource;
  context?: AuthzenContext;
}

export type EvaluationsSemantic = 'execute_all' | 'deny_on_first_deny' | 'permit_on_first_permit';

/**
 * The subject's type as our rules name it: AuthZEN clients say `user` (the spec's examples, Cerbos's
 * and OpenFGA's interop scenarios), our rules say USER, so a principal kind in any case is its type;
 * any other type is kept as sent.
 */
function principalTypeFor(subjectType: string): string {
  const kind = principalKindOf(subjectType);
  return kind ? principalTypeOf(kind) : subjectType;
}

/** The stored principals' kind a subject type names (`user`, `service`, `agent` in any case), or undefined for any other type. */
export function principalKindOf(subjectType: string): (typeof principalKinds)[number] | undefined {
  return principalKinds.find((candidate) => candidate === subjectType.toLowerCase());
}

/**
 * The AuthZEN 4-tuple as our access request: subject → principal (id kept, so a stored principal's
 * attributes are merged as POST /v1/decisions/evaluate does; properties → attributes), resource id →
 * identifier, properties → attributes, action name → action, context as it is. An action's
 * properties have no counterpart (no rule tests them) and take no part.
 */
export function toSimulationRequest(tuple: AuthzenTuple): SimulationRequest {
  return {
    principal: {
      id: tuple.subject.id,
      type: principalTypeFor(tuple.subject.type),
      ...(tuple.subject.properties ? { attributes: tuple.subject.properties } : {}),
    },
    resource: {
      type: tuple.resource.type,
      identifier: tuple.resource.id,
      ...(tuple.resource.properties ? { attributes: tuple.resource.properties } : {}),
    },
    action: tuple.action.name,
    ...(tuple.context ? { context: tuple.context } : {}),
  };
}

/**
 * The answer: the spec's boolean, and in `context` (which the spec leaves to the PDP, for reasons
 * and identifiers) the decision as POST /v1/decisions/evaluate answers it, already disclosed for
 * the caller, less its allow/deny. Its `id` is the recorded decision's.
 */
export function toEvaluationResponse(disclosed: Decision): AuthzenEvaluationResponse {
  const { decision, detail, ...rest } = disclosed;
  return { decision: decision === 'allow', context: { ...rest, detail: detail ?? 'summary' } };
}

/**
 * The items of an Access Evaluations Request with the top-level defaults applied (spec, "Default
 * values": an item's own member replaces the default whole). Without items, the request is the
 * single evaluation of its top-level 4-tuple (`single`). A member missing from both is a 400 at
 * the item's pointer.
 */
export function evaluationItems(body: AuthzenEvaluationsRequest): { single: boolean; tuples: AuthzenTuple[] } {
  const items = body.evaluations ?? [];
  if (items.length === 0) return { single: true, tuples: [completeTuple(body, '')] };
  return { single: false, tuples: items.map((item, index) => completeTuple({ ...defaultsOf(body), ...item }, `/evaluations/${index}`)) };
}

function defaultsOf(body: AuthzenEvaluationsRequest): Partial<AuthzenTuple> {
  const { subject, action, resource, context } = body;
  return { ...(subject ? { subject } : {}), ...(action ? { action } : {}), ...(resource ? { resource } : {}), ...(context ? { context } : {}) };
}

function completeTuple(tuple: Partial<AuthzenTuple>, pointer: string): AuthzenTuple {
  const missing = (['subject', 'action', 'resource'] as const).filter((member) => tuple[member] === undefined);
  if (missing.length > 0)
    throw new ApiError('validation_failed', `Each evaluation needs a subject, an action and a resource, its own or the request's default`, {
      errors: missing.map((member) => ({
        pointer: `${pointer}/${member}`,
        in: 'body' as const,
        detail: 'is required: give it here or as a top-level default',
      })),
    });
  const { subject, action, resource, context } = tuple as AuthzenTuple;
  return { subject, action, resource, ...(context ? { context } : {}) };
}

/** Whether `decision` ends the run under `semantic` (spec, "Evaluations semantics"): the && and || of the items. */
export function stopsAfter(semantic: EvaluationsSemantic, decision: boolean): boolean {
  if (semantic === 'deny_on_first_deny') return !decision;
  if (semantic === 'permit_on_first_permit') return decision;
  return false;
}
