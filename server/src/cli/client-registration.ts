import { checkClientRegistration as checkRules, type ClientRegistration, type ClientRegistrationInput } from '../../../core/src/index.js';
import type { JwksUriPolicy, RedirectUriPolicy } from '../../../core/src/index.js';
import { allScopes } from '../../../core/src/index.js';
import { UsageError } from '../../../kit/src/index.js';

export { registrableGrantTypes, type ClientRegistration, type ClientRegistrationInput, type RegistrableGrantType } from '../../../core/src/index.js';

/**
 * The rules of registering an OAuth client live in core (the dashboard applies them too); here
 * their problems become one usage error, exit code 2.
 */
export function checkClientRegistration(
  input: ClientRegistrationInput,
  redirectUriPolicy: RedirectUriPolicy,
  jwksUriPolicy?: JwksUriPolicy,
): ClientRegistration {
  const checked = checkRules(input, redirectUriPolicy, jwksUriPolicy);
  if (checked.ok) return checked.registration;
  throw new UsageError(checked.problems.join('; '), checked.unknownScopes.length > 0 ? [`Known scopes: ${allScopes.join(', ')}`] : []);
}
