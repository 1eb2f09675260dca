import { Flags } from '@oclif/core';
import { UsageError, readSecretLine } from '../../../kit/src/index.js';
import { readTextInput } from './file-input.js';

/**
 * A flag naming where a secret is read: a file, or stdin as `-`. Never the secret itself on the
 * command line, where `ps` and shell history show it.
 */
export function secretFileFlag(summary: string, options: { dependsOn?: string[] } = {}) {
  return Flags.string({ summary, helpValue: 'PATH|-', ...options });
}

/**
 * The secret of a FILE|- flag, else of the environment variable `envName`; undefined when neither
 * gives one. On a terminal, `-` asks without echo; from a pipe or file it is read to at most a few
 * bytes past `maxLength`. Tokens and secrets are printable ASCII words (JWTs, acctl's secret
 * formats): the surrounding whitespace (a final newline) is dropped, and anything else (two words, a
 * NUL, non-ASCII, over `maxLength`) is refused here, naming the input, rather than sent and refused
 * by the server without saying which input was wrong.
 */
export async function readSecret(
  flag: string,
  source: string | undefined,
  envName: string,
  maxLength: number,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string | undefined> {
  const from = source === undefined ? envName : `--${flag}`;
  const text =
    source === undefined
      ? env[envName]
      : source === '-' && process.stdin.isTTY
        ? await readSecretLine(`${from}: `)
        : await readTextInput(flag, source, maxLength + 2);
  if (text === undefined) return undefined;
  const secret = text.trim();
  if (secret === '') throw new UsageError(`${from} is empty`);
  if (/[^\x21-\x7e]/.test(secret)) throw new UsageError(`${from} holds spaces, control or non-ASCII characters: give the token or secret alone`);
  if (secret.length > maxLength) throw new UsageError(`${from} is longer than ${maxLength} characters`);
  return secret;
}
