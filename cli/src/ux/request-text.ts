import type { SimulationRequest } from '../../../core/src/index.js';

/** `USER alice {department=finance}`: who asks, in one short cell. */
export function principalText(request: SimulationRequest): string {
  const { principal } = request;
  const attributes = Object.entries(principal?.attributes ?? {}).map(([name, value]) => `${name}=${String(value)}`);
  return [principal?.type, principal?.id, attributes.length > 0 ? `{${attributes.join(',')}}` : ''].filter(Boolean).join(' ');
}

/** `database:prod-ledger`. */
export function resourceText(request: SimulationRequest): string {
  return `${request.resource?.type}:${request.resource?.identifier}`;
}
