import type { ApiClient } from '../api/client.js';
import { ApiCommand } from './api-command.js';
import type { PolicyRepository } from '../gitops/repository.js';

/**
 * What plan and apply share: reading the policy folder, and the client of the server it names
 * (acctl.yaml's `server`, or --environment's) under the rule every command follows.
 * Imports nothing heavy: the gitops modules load in run().
 */
export abstract class GitopsCommand extends ApiCommand {
  protected async readRepository(dir: string, environment: string | undefined): Promise<PolicyRepository> {
    const { readPolicyRepository } = await import('../gitops/repository.js');
    return readPolicyRepository(dir, environment);
  }

  /** The client of the server for this repository's folder (ApiCommand.api: --server, ACCTL_SERVER, its acctl.yaml, the profile). */
  protected apiFor(repository: Pick<PolicyRepository, 'dir'>, flags: { server?: string; environment?: string }): Promise<ApiClient> {
    return this.api(flags.server, { repository: { from: repository.dir, environment: flags.environment } });
  }
}
