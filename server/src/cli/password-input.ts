import { Flags } from '@oclif/core';
import { readSecretLine, UsageError } from '../../../kit/src/index.js';

/** The bounds the server's bootstrap admin password has (config.ts schema). */
export const minPasswordLength = 12;
const maxPasswordLength = 1024;

/** Where `acctl server user create` and `set-password` read a password: never a flag's value, which would land in the shell history. */
export const passwordSourceDescription = `The password (at least ${minPasswordLength} characters) is read from standard input with --password-stdin, or from the ACCTL_USER_PASSWORD environment variable: never from a flag, which would land in the shell history.`;

export const passwordStdinFlag = {
  'password-stdin': Flags.boolean({ default: false, summary: 'Read the password from the first line of standard input.' }),
};

/** The password from stdin's first line (not echoed at a terminal) or ACCTL_USER_PASSWORD; a usage error when missing or out of bounds. */
export async function readNewPassword(fromStdin: boolean): Promise<string> {
  const password = fromStdin ? await readSecretLine('Password: ') : process.env.ACCTL_USER_PASSWORD;
  if (password === undefined || password === '') {
    throw new UsageError('No password given', ['Pipe it with --password-stdin, or set ACCTL_USER_PASSWORD']);
  }
  if (password.length < minPasswordLength || password.length > maxPasswordLength) {
    throw new UsageError(`The password must have ${minPasswordLength} to ${maxPasswordLength} characters`);
  }
  return password;
}
