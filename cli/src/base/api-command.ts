import type { Interfaces } from '@oclif/core';
import type { ApiClient } from '../api/client.js';
import { AcctlCommand, CommandError } from '../../../kit/src/index.js';
import { cliUserAgent } from '../api/user-agent.js';
import { envCredentialsIfSet, type Credentials } from '../credentials/env.js';
import { defaultServer, profileFlag, serverFlag } from '../flags/connection.js';
import type { ChosenServer, RepositoryPlace } from '../flags/server-choice.js';

/**
 * A command that talks to a running server over its REST API: the server of one rule for all
 * (flags/server-choice.ts), and credentials from the environment (they win) or else from the
 * profile acctl login stored.
 */
export abstract class ApiCommand extends AcctlCommand {
  static override baseFlags = { ...AcctlCommand.baseFlags, ...serverFlag, ...profileFlag };
  /** One client per server chosen: a second call for the same server reuses its token, another server gets its own. */
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
   * The API client of the server flags/server-choice.ts chooses: `serverFlagValue` (--server or
   * ACCTL_SERVER), else the acctl.yaml of the policy repository at `repository` (default: the
   * working directory), else the profile's setting; with none, the server the profile signed in
   * to, else the default. Credentials are checked here, after the flags parsed (so --help never
   * needs them). `credentials` replaces the environment's and the profile's (a token read from
   * stdin): such a client is the caller's alone, never shared with a later call.
   */
  protected async api(serverFlagValue: string | undefined, options: { credentials?: Credentials; repository?: RepositoryPlace } = {}): Promise<ApiClient> {
    const [{ resolveProfile }, { chooseServer }] = await Promise.all([import('../credentials/profile-config.js'), import('../flags/server-choice.js')]);
    const profile = await resolveProfile(this.#profileFlag);
    const chosen = await chooseServer(serverFlagValue, options.repository ?? { from: '.' }, profile);
    if (options.credentials !== undefined) return this.#newClient(chosen, profile.name, options.credentials);
    let client = this.#clients.get(chosen?.server);
    if (client === undefined) {
      client = await this.#newClient(chosen, profile.name, undefined);
      this.#clients.set(chosen?.server, client);
    }
    return client;
  }

  async #newClient(chosen: ChosenServer | undefined, profile: string, credentials: Credentials | undefined): Promise<ApiClient> {
    const { ApiClient, apiBaseUrl } = await import('../api/client.js');
    const given = credentials ?? envCredentialsIfSet();
    // User-Agent acctl/<version>; a refused field is named by the flag of this command that carried it.
    const identity = { version: this.config.version, flagNames: Object.keys(this.ctor.flags ?? {}) };
    if (given) {
      const server = chosen?.server ?? defaultServer;
      if (given.kind !== 'client_credentials') return new ApiClient({ server, credentials: given, ...identity });
      // CI mode keeps its token per profile and server between commands, rather than one grant each.
      const { clientTokensFilePath, fileClientTokenCache } = await import('../credentials/client-token-cache.js');
      const clientTokens = fileClientTokenCache({
        file: clientTokensFilePath(),
        profile,
        server: apiBaseUrl(server),
        clientId: given.clientId,
        clientSecret: given.clientSecret,
      });
      return new ApiClient({ server, credentials: given, clientTokens, ...identity });
    }
    const { storedProfileCredentials } = await import('../credentials/stored-credentials.js');
    const stored = await storedProfileCredentials(profile, cliUserAgent(this.config.version));
    // A profile's tokens go only to the server that issued them: never leak them to another one.
    if (chosen !== undefined && apiBaseUrl(chosen.server) !== apiBaseUrl(stored.server)) {
      throw new CommandError(
        'auth_error',
        `Profile "${profile}" is signed in to ${stored.server}, not ${chosen.server} (named by ${chosen.namedBy}); nothing was sent`,
        {
          suggestions: [
            `acctl login --server ${chosen.server} --profile NAME, then pass --profile NAME`,
            `or --server ${stored.server} to use the server the profile signed in to`,
          ],
        },
      );
    }
    return new ApiClient({ server: stored.server, credentials: stored.credentials satisfies Credentials, ...identity });
  }
}
