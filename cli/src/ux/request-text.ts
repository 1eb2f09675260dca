import type { SimulationRequest } from '../../../core/src/index.js';

/** `USER alice {department=finance}`: who asks, in one short cell. */
export function principalText(request: SimulationRequest): string {
  const { principal } = request;
  return [principal?.type, principal?.id, attributesText(principal?.attributes)].filter(Boolean).join(' ');
}

/** `database:prod-ledger`, and `document:doc-1 {owner=u-42,tags=[q4,eu]}` with its attributes. */
export function resourceText(request: SimulationRequest): string {
  return [`${request.resource?.type}:${request.resource?.identifier}`, attributesText(request.resource?.attributes)].filter(Boolean).join(' ');
}

function attributesText(attributes: Readonly<Record<string, unknown>> | undefined): string {
  const shown = Object.entries(attributes ?? {}).map(([name, value]) => `${name}=${Array.isArray(value) ? `[${value.map(String).join(',')}]` : String(value)}`);
  return shown.length > 0 ? `{${shown.join(',')}}` : '';
}
