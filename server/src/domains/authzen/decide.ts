import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Decision, SimulationRequest } from '../../../../core/src/index.js';
import { ApiError } from '../../errors/api-error.js';
import { decideChecked, type RecordingTime } from '../decisions/index.js';

/** Decides and records as POST /v1/decisions/evaluate does (the decisions domain's decideChecked), refusals in AuthZEN's terms. */
export async function decideAsEvaluate(
  app: FastifyInstance,
  request: FastifyRequest,
  requests: SimulationRequest[],
  timing: RecordingTime,
  pointerOf: (index: number) => string,
): Promise<Decision[]> {
  try {
    return await decideChecked(app, request, requests, timing, pointerOf);
  } catch (error) {
    throw error instanceof ApiError ? inAuthzenTerms(error) : error;
  }
}

/** decide() points at our request's members (a stored principal's type at /principal/type); the caller sent the subject's. */
function inAuthzenTerms(error: ApiError): ApiError {
  if (!error.errors) return error;
  const errors = error.errors.map((field) => ({ ...field, pointer: field.pointer.replace(/\/principal\/type$/, '/subject/type') }));
  return new ApiError(error.code, error.message, { errors, headers: error.headers, cause: error });
}
