import type { Interfaces } from '@oclif/core';
import type { ApiClient } from '../api/client.js';
import { AcctlCommand, CommandError } from '../../../kit/src/index.js';
import { cliUserAgent } from '../api/user-agent.js';
import { envCredentialsIfSet, type Credentials } from '../credentials/env.js';
import { defaultServer, profileFlag, serverFlag } from '../flags/connection.js';

/**
 * A command that talks to a running server over its REST API: `--server`, and credentials from
 * the environment (they win) or else from the profile acctl login stored.
 */
export abstract class ApiCommand extends AcctlCommand {
  static override baseFlags = { ...AcctlCommand.baseFlags, ...serverFlag, ...profileFlag };
  /** One client per server asked for: a second call for the same server reuses its token, another server gets its own. */
  readonly #clients = new Map<string | undefined, ApiClient>();
  #profileFlag: string | undefined;

  // Records --profile; the constraints are oclif's FlagOutput/ArgOutput ({ [name: string]: any }),
  // which it does not export: every such object is one of these.
  protected override async parse<F extends { [name: string]: unknown }, B extends { [name: string]: unknown }, A extends { [name: string]: unknown }>(
    options?: Interfaces.Input<F, B, A>,
    argv?: string[],
  ): Promise<Interfaces.ParserOutput<F, B, A>> {
    const parsed = await super.parse(options, argv);
    this.#profileFlag = (parsed.flags as { profile?: string }).profile;
    return parsed;
  }

  /**
   * The API client for `serverFlagValue` (undefined: the profile's server, else the default);
   * credentials are checked here, after the flags parsed (so --help never needs them).
   * `credentials` replaces the environment's and the profile's (a token read from stdin): such a
   * client is the caller's alone, never shared with a later call.
   */
  protected async api(serverFlagValue: string | undefined, options: { credentials?: Credentials } = {}): Promise<ApiClient> {
    if (options.credentials !== undefined) return this.#newClient(serverFlagValue, options.credentials);
    let client = this.#clients.get(serverFlagValue);
    if (client === undefined) {
      client = await this.#newClient(serverFlagValue, undefined);
      this.#clients.set(serverFlagValue, client);
    }
    return client;
  }

  async #newClient(serverFlagValue: string | undefined, credentials: Credentials | undefined): Promise<ApiClient> {
    const { ApiClient, apiBaseUrl } = await import('../api/client.js');
    const { resolveProfile } = await import('../credentials/profile-config.js');
    const { name: profile, settings } = await resolveProfile(this.#profileFlag);
    const chosenServer = serverFlagValue ?? settings.server;
    const given = credentials ?? envCredentialsIfSet();
    // User-Agent acctl/<version>; a refused field is named by the flag of this command that carried it.
    const identity = { version: this.config.version, flagNames: Object.keys(this.ctor.flags ?? {}) };
    if (given) return new ApiClient({ server: chosenServer ?? defaultServer, credentials: given, ...identity });
    const { storedProfileCredentials } = await import('../credentials/stored-credentials.js');
    const stored = await storedProfileCredentials(profile, cliUserAgent(this.config.version));
    // A profile's tokens go only to the server that issued them: never leak them to another one.
    if (chosenServer !== undefined && apiBaseUrl(chosenServer) !== apiBaseUrl(stored.server)) {
      throw new CommandError('auth_error', `Profile "${profile}" is signed in to ${stored.server}, not ${chosenServer}`, {
        suggestions: [
          `acctl login --server ${chosenServer} --profile NAME, then pass --profile NAME`,
          "or leave out --server / ACCTL_SERVER (and the profile's server setting) to use the server it signed in to",
        ],
      });
    }
    return new ApiClient({ server: stored.server, credentials: stored.credentials satisfies Credentials, ...identity });
  }
}
