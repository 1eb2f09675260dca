import { loadPolicyFileSet } from '../policy-files/command-support.js';
import { CommandError, UsageError } from '../../../kit/src/index.js';
import { locationOf } from '../policy-files/findings.js';
import { lintLoaded } from '../policy-files/lint.js';
import { loadFiles } from '../policy-files/load.js';
import type { PolicyFile } from '../policy-files/policy-checks.js';
import { configuredServer } from '../policy-files/repo-config.js';
import { desiredPolicies, type DesiredPolicy } from './desired.js';

/**
 * A policy repository as plan and apply see it: its valid policies, its ownership label and folder
 * (whose acctl.yaml names the server: flags/server-choice.ts).
 */
export interface PolicyRepository {
  dir: string;
  /** Its acctl.yaml, when it has one: where a finding with no rule to point at is placed (SARIF needs a file). */
  configFile: string | undefined;
  owner: string | null;
  desired: DesiredPolicy[];
  /** The policy files the desired policies come from, parsed with their positions (impact points at their rules). */
  files: PolicyFile[];
}

/**
 * Reads the folder and refuses to go on when lint finds errors in it: a server never receives half
 * of a repository because one file did not parse.
 */
export async function readPolicyRepository(dir: string, environment: string | undefined): Promise<PolicyRepository> {
  const set = await loadPolicyFileSet([dir]);
  if (set.roots.length !== 1) throw new UsageError(`${dir} spans ${set.roots.length} policy folders (acctl.yaml files); plan and apply take one`);
  const root = set.roots[0]!;
  const loaded = loadFiles(set.selected);
  const report = lintLoaded(loaded, set.selected);
  const errors = report.findings.filter((finding) => finding.severity === 'error');
  if (errors.length > 0) {
    // lint_failed: the exit code acctl policy lint gives the same files (1), in plan and apply alike.
    throw new CommandError(
      'lint_failed',
      `${errors.length} error(s) in the policy files; nothing was compared or applied:\n${errors
        .slice(0, 20)
        .map((finding) => `  ${locationOf(finding)} ${finding.message}`)
        .join('\n')}`,
      { suggestions: [`acctl policy lint ${dir} shows them all`] },
    );
  }
  const policies = loaded.policies;
  const config = root.config;
  // An unknown --environment is refused even when --server makes its server moot: it is a typo.
  configuredServer(config, environment);
  return { dir: root.dir, configFile: root.configPath, owner: config.owner ?? null, desired: desiredPolicies(policies, config.owner), files: policies };
}
