import type { ApiClient } from '../api/client.js';
import { ApiCommand } from './api-command.js';
import type { PolicyRepository } from '../gitops/repository.js';

/**
 * What plan and apply share: reading the policy folder, and the server a repository names
 * (acctl.yaml's `server`, or an environment's, when neither --server nor ACCTL_SERVER is given).
 * Imports nothing heavy: the gitops modules load in run().
 */
export abstract class GitopsCommand extends ApiCommand {
  protected async readRepository(dir: string, environment: string | undefined): Promise<PolicyRepository> {
    const { readPolicyRepository } = await import('../gitops/repository.js');
    return readPolicyRepository(dir, environment);
  }

  /** The client for --server / ACCTL_SERVER, else the repository's server; with neither, the profile's, then the default (ApiCommand.api). */
  protected apiFor(repository: Pick<PolicyRepository, 'server'>, flagServer: string | undefined): Promise<ApiClient> {
    return this.api(flagServer ?? repository.server ?? undefined);
  }
}
