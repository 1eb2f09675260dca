import type { EngineRequest } from '../types.js';
import { alwaysUnknown, contextValue, outcome, principalAttribute, showValue, unknown, type PreparedCondition } from './condition.js';

/**
 * `mfa_verified` / `equals` b (spec, "Condition"): context.mfa_verified, else the principal's
 * `mfa_verified` attribute, equals b. Attributes are strings as often as booleans, so "true" and
 * "false" count. A value that is present but unreadable is unknown rather than falling through to the
 * attribute: a garbled context must not be overridden by a weaker source. Missing: unknown.
 */
export function prepareMfaVerifiedEquals(expected: unknown): PreparedCondition {
  if (typeof expected !== 'boolean') return alwaysUnknown(`mfa_verified expected value ${showValue(expected)} is not a boolean`);
  return (request) => {
    const stated = statedMfa(request);
    if (stated === undefined) return unknown('mfa_verified missing from context and principal attributes');
    const verified = readBoolean(stated.value);
    if (verified === undefined) return unknown(`mfa_verified ${showValue(stated.value)} in ${stated.source} is not a boolean`);
    const from = stated.source === 'context' ? '' : ' (principal attribute)';
    return outcome(
      verified === expected,
      verified === expected ? `mfa_verified ${verified} = ${expected}${from}` : `mfa_verified ${verified} != ${expected}${from}`,
    );
  };
}

/** `device_trusted` / `equals` b: context.device_trusted equals b. Missing or not a boolean: unknown. */
export function prepareDeviceTrustedEquals(expected: unknown): PreparedCondition {
  if (typeof expected !== 'boolean') return alwaysUnknown(`device_trusted expected value ${showValue(expected)} is not a boolean`);
  return (request) => {
    const trusted = contextValue(request, 'device_trusted');
    if (trusted === undefined || trusted === null) return unknown('device_trusted missing from context');
    if (typeof trusted !== 'boolean') return unknown(`device_trusted ${showValue(trusted)} in context is not a boolean`);
    return outcome(trusted === expected, trusted === expected ? `device_trusted ${trusted} = ${expected}` : `device_trusted ${trusted} != ${expected}`);
  };
}

function statedMfa(request: EngineRequest): { value: unknown; source: 'context' | 'principal attributes' } | undefined {
  const inContext = contextValue(request, 'mfa_verified');
  if (inContext !== undefined && inContext !== null) return { value: inContext, source: 'context' };
  const inAttributes = principalAttribute(request, 'mfa_verified');
  if (inAttributes !== undefined && inAttributes !== null) return { value: inAttributes, source: 'principal attributes' };
  return undefined;
}

function readBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}
