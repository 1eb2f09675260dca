import { execFileSync } from 'node:child_process';
import os from 'node:os';

/** Where applied content came from; stored as metadata.provenance of each version apply writes (schemas/policy-metadata.json). */
export interface ApplyOrigin {
  commit?: string;
  run_url?: string;
  actor?: string;
}

/**
 * Flags win, then GitHub Actions' variables (GITHUB_SHA; GITHUB_SERVER_URL/GITHUB_REPOSITORY/
 * actions/runs/GITHUB_RUN_ID; GITHUB_ACTOR), then `git rev-parse HEAD` in the policy folder and the
 * local user name.
 */
export function applyOrigin(flags: ApplyOrigin, env: NodeJS.ProcessEnv, dir: string): ApplyOrigin {
  const runUrl =
    env.GITHUB_SERVER_URL && env.GITHUB_REPOSITORY && env.GITHUB_RUN_ID
      ? `${env.GITHUB_SERVER_URL}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}`
      : undefined;
  const origin: ApplyOrigin = {
    commit: flags.commit ?? env.GITHUB_SHA ?? gitHead(dir),
    run_url: flags.run_url ?? runUrl,
    actor: flags.actor ?? env.GITHUB_ACTOR ?? localUser(),
  };
  return Object.fromEntries(Object.entries(origin).filter(([, value]) => value !== undefined)) as ApplyOrigin;
}

/** The policy repository (owner/name) a change set came from, when CI names it (GITHUB_REPOSITORY): the set's provenance, not each version's. */
export function originRepository(env: NodeJS.ProcessEnv): string | undefined {
  return env.GITHUB_REPOSITORY || undefined;
}

function gitHead(dir: string): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || undefined;
  } catch {
    return undefined; // not a git checkout, or no git: provenance without a commit
  }
}

function localUser(): string | undefined {
  try {
    return os.userInfo().username;
  } catch {
    return undefined;
  }
}
