import { Flags, type Interfaces } from '@oclif/core';
import { BaseCommand } from '../base-command.js';
import { CommandError } from '../errors.js';
import { envCredentialsIfSet, type Credentials } from '../credentials/env.js';
import type { ApiClient } from './client.js';

/** The server when neither --server, ACCTL_SERVER, the profile's `server` setting nor a sign-in names one. */
export const defaultServer = 'http://127.0.0.1:8080';

export const serverFlag = {
  server: Flags.string({
    summary: 'URL of the acctl server (/v1 is appended).',
    description: `Precedence: --server, then ACCTL_SERVER, then the profile's server (acctl config set server URL), then the server the profile signed in to (acctl login), then ${defaultServer}. Credentials come from ACCTL_TOKEN (an API token or access token), or ACCTL_CLIENT_ID and ACCTL_CLIENT_SECRET (client_credentials); without them, from the profile acctl login stored.`,
    env: 'ACCTL_SERVER',
    helpValue: 'URL',
  }),
};

export const profileFlag = {
  profile: Flags.string({
    summary: 'Profile to use (settings and stored credentials).',
    description: 'Precedence: --profile, then ACCTL_PROFILE, then the current profile (acctl config use NAME), then "default".',
    env: 'ACCTL_PROFILE',
    helpValue: 'NAME',
  }),
};

/**
 * A command that talks to a running server over its REST API: `--server`, and credentials from
 * the environment (they win) or else from the profile acctl login stored.
 */
export abstract class ApiCommand extends BaseCommand {
  static override baseFlags = { ...BaseCommand.baseFlags, ...serverFlag, ...profileFlag };
  #client: ApiClient | undefined;
  #profileFlag: string | undefined;

  // Records --profile; the constraints are oclif's FlagOutput/ArgOutput, which it does not export.
  protected override async parse<F extends { [name: string]: any }, B extends { [name: string]: any }, A extends { [name: string]: any }>(
    options?: Interfaces.Input<F, B, A>,
    argv?: string[],
  ): Promise<Interfaces.ParserOutput<F, B, A>> {
    const parsed = await super.parse(options, argv);
    this.#profileFlag = (parsed.flags as { profile?: string }).profile;
    return parsed;
  }

  /**
   * The API client; credentials are checked here, after the flags parsed (so --help never needs
   * them). `credentials` replaces the environment's and the profile's (a token read from stdin).
   */
  protected async api(serverFlagValue: string | undefined, options: { credentials?: Credentials } = {}): Promise<ApiClient> {
    if (this.#client) return this.#client;
    const { ApiClient, apiBaseUrl } = await import('./client.js');
    const { resolveProfile } = await import('../credentials/profile-config.js');
    const { name: profile, settings } = await resolveProfile(this.#profileFlag);
    const chosenServer = serverFlagValue ?? settings.server;
    const given = options.credentials ?? envCredentialsIfSet();
    if (given) {
      this.#client = new ApiClient({ server: chosenServer ?? defaultServer, credentials: given });
      return this.#client;
    }
    const { storedProfileCredentials } = await import('../credentials/stored-credentials.js');
    const stored = await storedProfileCredentials(profile);
    // A profile's tokens go only to the server that issued them: never leak them to another one.
    if (chosenServer !== undefined && apiBaseUrl(chosenServer) !== apiBaseUrl(stored.server)) {
      throw new CommandError('auth_error', `Profile "${profile}" is signed in to ${stored.server}, not ${chosenServer}`, {
        suggestions: [`acctl login --server ${chosenServer} --profile NAME, then pass --profile NAME`, 'or leave out --server / ACCTL_SERVER (and the profile\'s server setting) to use the server it signed in to'],
      });
    }
    this.#client = new ApiClient({ server: stored.server, credentials: stored.credentials satisfies Credentials });
    return this.#client;
  }
}
