import { CommandError } from '../../../kit/src/index.js';
import type { ProfileSettings } from '../credentials/profile-config.js';
import { configFileAbove, searchStartOf } from '../policy-files/config-file.js';

/**
 * Where a command's policy repository is looked for: the folder or file it reads (plan, apply,
 * impact, diff, simulate --file), else the working directory. `environment` is --environment.
 */
export interface RepositoryPlace {
  from: string;
  environment?: string;
}

/** A server, and what named it: said when a profile's tokens may not go there. */
export interface ChosenServer {
  server: string;
  namedBy: string;
}

/**
 * The one rule for every command that talks to a server (docs/cli-usage.md, "Which server a command
 * talks to"): --server, then ACCTL_SERVER (oclif hands either over as the flag's value), then the
 * acctl.yaml of the policy repository the command works in, then the profile's `server` setting.
 * Undefined when none names one: ApiCommand then takes the server the profile signed in to, else
 * the default. acctl.yaml is read only when neither the flag nor the environment names a server,
 * and the YAML parser and schema load only when there is one (a command's start stays light).
 */
export async function chooseServer(
  flagOrEnv: string | undefined,
  repository: RepositoryPlace,
  profile: { name: string; settings: ProfileSettings },
  cwd = process.cwd(),
): Promise<ChosenServer | undefined> {
  if (flagOrEnv !== undefined) return { server: flagOrEnv, namedBy: '--server / ACCTL_SERVER' };
  const named = await repositoryServer(repository, cwd);
  if (named !== undefined) return named;
  if (profile.settings.server !== undefined) return { server: profile.settings.server, namedBy: `the server setting of profile "${profile.name}"` };
  return undefined;
}

/**
 * The server of the nearest acctl.yaml from `from` upward (policy-files/workspace.ts, as plan finds
 * it). An acctl.yaml that is not valid is refused rather than skipped: the server it means is
 * unknown, and the next in line may be another one entirely.
 */
export async function repositoryServer({ from, environment }: RepositoryPlace, cwd: string = process.cwd()): Promise<ChosenServer | undefined> {
  if (configFileAbove(searchStartOf(from, cwd)) === undefined) return undefined;
  const [{ policyRootAt }, { configuredServer }, { locationOf }] = await Promise.all([
    import('../policy-files/workspace.js'),
    import('../policy-files/repo-config.js'),
    import('../policy-files/findings.js'),
  ]);
  const root = policyRootAt(from, cwd);
  if (root.configPath === undefined) return undefined;
  const error = root.configError;
  if (error !== undefined) {
    throw new CommandError(
      'config_error',
      `${locationOf(error)} ${error.message}: this acctl.yaml is not valid, so the server it names is unknown; nothing was sent`,
      { suggestions: [`acctl policy lint ${root.configPath} shows what to fix`, 'or name the server: --server URL (or ACCTL_SERVER)'] },
    );
  }
  const server = configuredServer(root.config, environment);
  if (server === undefined) return undefined;
  return { server, namedBy: environment === undefined ? root.configPath : `environment "${environment}" of ${root.configPath}` };
}
