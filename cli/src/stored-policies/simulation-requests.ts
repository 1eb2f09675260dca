import type { SimulationRequest } from '../../../core/src/index.js';
import { UsageError } from '../../../kit/src/index.js';

/** Requests one simulate run sends at most (each is one call to the server). */
export const maxSimulatedRequests = 1000;

/**
 * The requests a document holds: one request, a list of them, or a batch body (`{requests: [...]}`,
 * as POST /decisions/batch takes). Their fields are the server's to check; here only the shape that
 * tells one request from a list.
 */
export function simulationRequestsOf(document: unknown, source: string): SimulationRequest[] {
  const list = Array.isArray(document) ? document : isObject(document) && Array.isArray(document.requests) ? document.requests : [document];
  if (list.length === 0) throw new UsageError(`${source} holds no request`);
  if (list.length > maxSimulatedRequests)
    throw new UsageError(`${source} holds ${list.length} requests; at most ${maxSimulatedRequests} per run`, ['Split the file']);
  list.forEach((item, index) => {
    if (!isObject(item)) throw new UsageError(`${source}: request ${index + 1} is not an object (a request has principal, resource and action)`);
  });
  return list as SimulationRequest[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
