import { Flags } from '@oclif/core';
import { ApiCommand } from '../api/api-command.js';
import type { PolicyRepository } from './repository.js';

/**
 * What plan and apply share: the folder argument's flags, the server a repository names (acctl.yaml's
 * `server`, or an environment's, when neither --server nor ACCTL_SERVER is given), and exits made on
 * purpose (plan's 2) passing through. Imports nothing heavy: the gitops modules load in run().
 */
export abstract class GitopsCommand extends ApiCommand {
  static readonly environmentFlag = {
    environment: Flags.string({ char: 'e', summary: "An environment of acctl.yaml: its server is used when --server / ACCTL_SERVER is not given.", helpValue: 'NAME' }),
  };

  protected async readRepository(dir: string, environment: string | undefined): Promise<PolicyRepository> {
    const { readPolicyRepository } = await import('./repository.js');
    return readPolicyRepository(dir, environment);
  }

  /** --server / ACCTL_SERVER, else the repository's; undefined leaves it to the profile, then the default (ApiCommand.api). */
  protected serverFor(repository: Pick<PolicyRepository, 'server'>, flagServer: string | undefined): string | undefined {
    return flagServer ?? repository.server ?? undefined;
  }

}
