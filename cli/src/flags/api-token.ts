import { Flags } from '@oclif/core';
import { credentialEnvNames } from '../credentials/env.js';
import { UsageError } from '../errors.js';
import { readSecretLine } from '../ux/read-line.js';

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
  if (!token.startsWith('acctl_'))
    throw new UsageError('That is not an API token (they start with acctl_)', [
      'Access tokens are not rotated: they expire; get a new one from the token endpoint',
    ]);
  return token;
}
