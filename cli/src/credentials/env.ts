import { CommandError } from '../../../kit/src/index.js';

/** How the CLI proves who it is to the server: a bearer token as is, or a client that gets one. */
export type Credentials =
  | { kind: 'bearer'; token: string }
  | { kind: 'client_credentials'; clientId: string; clientSecret: string }
  /** A profile stored by `acctl login`: the access token is refreshed when it is about to expire. */
  | { kind: 'stored_profile'; profile: string; accessToken: () => Promise<string> };

export const credentialEnvNames = { token: 'ACCTL_TOKEN', clientId: 'ACCTL_CLIENT_ID', clientSecret: 'ACCTL_CLIENT_SECRET' } as const;

/**
 * Credentials from the environment, never from flags (they would end up in shell history and
 * process lists). ACCTL_TOKEN (an API token or an access token) wins over a client id and secret.
 */
export function credentialsFromEnv(env: NodeJS.ProcessEnv = process.env): Credentials {
  const credentials = envCredentialsIfSet(env);
  if (credentials) return credentials;
  throw new CommandError(
    'auth_error',
    `No credentials for the server: set ${credentialEnvNames.token}, or ${credentialEnvNames.clientId} and ${credentialEnvNames.clientSecret}`,
    {
      suggestions: [
        `export ${credentialEnvNames.token}=acctl_...   (an API token: POST /v1/auth/token)`,
        `export ${credentialEnvNames.clientId}=... ${credentialEnvNames.clientSecret}=...   (a client registered with: acctl server client create)`,
      ],
    },
  );
}

/** The environment's credentials, or undefined when none are set (then a stored profile may serve). */
export function envCredentialsIfSet(env: NodeJS.ProcessEnv = process.env): Credentials | undefined {
  const token = env[credentialEnvNames.token]?.trim();
  if (token) return { kind: 'bearer', token };
  const clientId = env[credentialEnvNames.clientId]?.trim();
  const clientSecret = env[credentialEnvNames.clientSecret];
  if (clientId && clientSecret) return { kind: 'client_credentials', clientId, clientSecret };
  return undefined;
}
