import { Flags } from '@oclif/core';
import { parseAssignments, type ScalarValue } from './assignments.js';

/**
 * The flags that say who asks and how (principal, action, context): `decision evaluate` and
 * `decision plan` take the same ones; evaluate adds the resource's identifier and attributes, which
 * a plan is about.
 */
export const askerFlags = {
  'principal-type': Flags.string({ summary: 'The principal type rules match on, e.g. USER.' }),
  'principal-id': Flags.string({ summary: 'A stored principal: its attributes are used (flags given here take precedence).' }),
  attribute: Flags.string({ summary: 'A principal attribute (name=value, repeatable).', multiple: true, helpValue: 'NAME=VALUE' }),
  'resource-type': Flags.string({ summary: 'The resource type, e.g. database.' }),
  action: Flags.string({ summary: 'The action, e.g. read.' }),
  context: Flags.string({
    summary: 'Request context (name=value, repeatable): ip_address, risk_score, mfa_verified, timestamp...',
    multiple: true,
    helpValue: 'NAME=VALUE',
  }),
};

export interface AskerFlagValues {
  'principal-type'?: string;
  'principal-id'?: string;
  attribute?: string[];
  action?: string;
  context?: string[];
}

/** The principal, action and context of a request, from askerFlags (their presence checked by the caller). */
export function askerFromFlags(flags: AskerFlagValues): {
  principal: { type: string; id?: string; attributes?: Record<string, ScalarValue> };
  action: string;
  context?: Record<string, ScalarValue>;
} {
  const attributes = parseAssignments('attribute', flags.attribute);
  const context = parseAssignments('context', flags.context);
  return {
    principal: {
      type: flags['principal-type']!,
      ...(flags['principal-id'] === undefined ? {} : { id: flags['principal-id'] }),
      ...(Object.keys(attributes).length === 0 ? {} : { attributes }),
    },
    action: flags.action!,
    ...(Object.keys(context).length === 0 ? {} : { context }),
  };
}
