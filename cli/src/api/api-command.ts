import { Flags, type Interfaces } from '@oclif/core';
import { BaseCommand } from '../base-command.js';
import { CommandError } from '../errors.js';
import { envCredentialsIfSet, type Credentials } from '../credentials/env.js';
import type { ApiClient } from './client.js';

export const defaultServer = 'http://127.0.0.1:8080';

export const serverFlag = {
  server: Flags.string({
    summary: 'URL of the acctl server (/v1 is appended).',
    description:
      'Credentials come from ACCTL_TOKEN (an API token or access token), or ACCTL_CLIENT_ID and ACCTL_CLIENT_SECRET (client_credentials); without them, from the profile acctl login stored (whose server is used when --server / ACCTL_SERVER is not given).',
    env: 'ACCTL_SERVER',
    default: defaultServer,
    helpValue: 'URL',
  }),
};

export const profileFlag = {
  profile: Flags.string({ summary: 'Credentials profile stored by acctl login.', env: 'ACCTL_PROFILE', default: 'default', helpValue: 'NAME' }),
};

/**
 * A command that talks to a running server over its REST API: `--server`, and credentials from
 * the environment (they win) or else from the `--profile` acctl login stored.
 */
export abstract class ApiCommand extends BaseCommand {
  static override baseFlags = { ...BaseCommand.baseFlags, ...serverFlag, ...profileFlag };
  #client: ApiClient | undefined;
  #profile = 'default';
  #serverGiven = false;

  // Records --profile and whether --server was given; the constraints are oclif's FlagOutput/ArgOutput, which it does not export.
  protected override async parse<F extends { [name: string]: any }, B extends { [name: string]: any }, A extends { [name: string]: any }>(
    options?: Interfaces.Input<F, B, A>,
    argv?: string[],
  ): Promise<Interfaces.ParserOutput<F, B, A>> {
    const parsed = await super.parse(options, argv);
    const flags = parsed.flags as { profile?: string };
    if (flags.profile) this.#profile = flags.profile;
    this.#serverGiven = !(parsed.metadata.flags as Record<string, { setFromDefault?: boolean } | undefined>).server?.setFromDefault;
    return parsed;
  }

  /** Whether --server or ACCTL_SERVER was given (else a policy repository's acctl.yaml may name the server). */
  protected get serverGiven(): boolean {
    return this.#serverGiven;
  }

  /** The API client; credentials are checked here, after the flags parsed (so --help never needs them). */
  protected async api(server: string): Promise<ApiClient> {
    if (this.#client) return this.#client;
    const { ApiClient, apiBaseUrl } = await import('./client.js');
    const fromEnv = envCredentialsIfSet();
    if (fromEnv) {
      this.#client = new ApiClient({ server, credentials: fromEnv });
      return this.#client;
    }
    const { storedProfileCredentials } = await import('../credentials/stored-credentials.js');
    const stored = await storedProfileCredentials(this.#profile);
    // A profile's tokens go only to the server that issued them: never leak them to another one.
    if (this.#serverGiven && apiBaseUrl(server) !== apiBaseUrl(stored.server)) {
      throw new CommandError('auth_error', `Profile "${this.#profile}" is signed in to ${stored.server}, not ${server}`, {
        suggestions: [`acctl login --server ${server} --profile NAME, then pass --profile NAME`, 'or leave out --server / ACCTL_SERVER to use the profile\'s server'],
      });
    }
    this.#client = new ApiClient({ server: stored.server, credentials: stored.credentials satisfies Credentials });
    return this.#client;
  }
}
