import { Flags } from '@oclif/core';
import { recogniseSecret, secretPrefixes } from '../../../core/src/index.js';
import { credentialEnvNames } from '../credentials/env.js';
import { UsageError, readSecretLine } from '../../../kit/src/index.js';

export const expiresInFlag = {
  'expires-in': Flags.string({ summary: 'Lifetime: seconds, or 30m, 12h, 90d, 2w, 1h30m (at most two years).', helpValue: 'DURATION' }),
};

export const tokenStdinFlag = {
  'token-stdin': Flags.boolean({ summary: 'Read the API token from stdin (never from a flag: it would end up in shell history).' }),
};

/** The API token a command acts on: stdin with --token-stdin, else ACCTL_TOKEN if it is an API token. */
export async function presentedApiToken(fromStdin: boolean, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const token = fromStdin ? (await readSecretLine('API token: ')).trim() : env[credentialEnvNames.token]?.trim();
  if (!token) throw new UsageError(`No API token: pass --token-stdin, or set ${credentialEnvNames.token}`);
  // By its prefix, as the server tells kinds apart (core's recogniseSecret): API tokens of the form
  // before the prefixes per kind start with acctl_ alone.
  if (recogniseSecret(token)?.kind !== 'api_token')
    throw new UsageError(`That is not an API token (they start with ${secretPrefixes.api_token})`, [
      'Access tokens are not rotated: they expire; get a new one from the token endpoint',
    ]);
  return token;
}
