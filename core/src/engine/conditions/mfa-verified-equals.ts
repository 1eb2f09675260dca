import type { EngineRequest } from '../types.js';
import { alwaysFails, contextValue, fails, holds, principalAttribute, showValue, type PreparedCondition } from './condition.js';

/**
 * `mfa_verified` / `equals` b (spec, "Condition"): context.mfa_verified, else the principal's
 * `mfa_verified` attribute, equals b. Attributes are strings as often as booleans, so "true" and
 * "false" count. A value that is present but unreadable fails rather than falling through to the
 * attribute: a garbled context must not be overridden by a weaker source.
 */
export function prepareMfaVerifiedEquals(expected: unknown): PreparedCondition {
  if (typeof expected !== 'boolean') return alwaysFails(`mfa_verified expected value ${showValue(expected)} is not a boolean`);
  return (request) => {
    const stated = statedMfa(request);
    if (stated === undefined) return fails('mfa_verified missing from context and principal attributes');
    const verified = readBoolean(stated.value);
    if (verified === undefined) return fails(`mfa_verified ${showValue(stated.value)} in ${stated.source} is not a boolean`);
    const from = stated.source === 'context' ? '' : ' (principal attribute)';
    return verified === expected ? holds(`mfa_verified ${verified} = ${expected}${from}`) : fails(`mfa_verified ${verified} != ${expected}${from}`);
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
