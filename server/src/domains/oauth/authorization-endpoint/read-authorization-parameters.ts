import { InvalidRequest } from '../../../errors/oauth-errors.js';
import { UntrustedAuthorizationRequest } from './errors.js';

/** Parameters as parsed from a query string or form: a repeated one arrives as an array. */
export type RawParameters = Record<string, string | string[] | undefined>;

export function readAuthorizationParameters(input: unknown): RawParameters {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new UntrustedAuthorizationRequest(new InvalidRequest('The authorization request has no parameters'));
  }
  return input as RawParameters;
}

/** A parameter given exactly once (RFC 6749 section 3.1: never more than once), else undefined. */
export function single(raw: RawParameters, name: string): string | undefined {
  const value = Object.hasOwn(raw, name) ? raw[name] : undefined;
  return typeof value === 'string' ? value : undefined;
}
