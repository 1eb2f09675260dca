import path from 'node:path';

/**
 * A file's path as a CI system shows it: relative to the repository's root. Reports name files
 * relative to the working directory, which is the root only when the job runs there; a step with
 * `working-directory: policies` would annotate `db.yaml` where GitHub expects `policies/db.yaml`,
 * and the annotation lands nowhere. GitHub sets GITHUB_WORKSPACE to the checkout
 * (https://docs.github.com/en/actions/reference/variables-reference), so paths inside it are made
 * relative to it; without it, or for a file outside it, the path stays as it is.
 */
export function repositoryPath(file: string, env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string {
  const workspace = env.GITHUB_WORKSPACE;
  // `<stdin>` (command-support.ts stdinPath) names no file on disk.
  if (!workspace || /^<.*>$/.test(file)) return file;
  const relative = path.relative(path.resolve(workspace), path.resolve(cwd, file));
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return file;
  return relative.split(path.sep).join('/');
}

/** The folder repository paths are relative to: GITHUB_WORKSPACE when set, else the working directory. */
export function repositoryRoot(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string {
  return env.GITHUB_WORKSPACE ? path.resolve(env.GITHUB_WORKSPACE) : cwd;
}
