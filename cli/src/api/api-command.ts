import { Flags } from '@oclif/core';
import { BaseCommand } from '../base-command.js';
import { credentialsFromEnv } from '../credentials/env.js';
import type { ApiClient } from './client.js';

export const serverFlag = {
  server: Flags.string({
    summary: 'URL of the acctl server (/v1 is appended).',
    description: 'Credentials come from ACCTL_TOKEN (an API token or access token), or ACCTL_CLIENT_ID and ACCTL_CLIENT_SECRET (client_credentials).',
    env: 'ACCTL_SERVER',
    default: 'http://127.0.0.1:8080',
    helpValue: 'URL',
  }),
};

/** A command that talks to a running server over its REST API: `--server`, credentials from the environment. */
export abstract class ApiCommand extends BaseCommand {
  static override baseFlags = { ...BaseCommand.baseFlags, ...serverFlag };
  #client: ApiClient | undefined;

  /** The API client; credentials are checked here, after the flags parsed (so --help never needs them). */
  protected async api(server: string): Promise<ApiClient> {
    if (this.#client) return this.#client;
    const { ApiClient } = await import('./client.js');
    this.#client = new ApiClient({ server, credentials: credentialsFromEnv() });
    return this.#client;
  }
}
