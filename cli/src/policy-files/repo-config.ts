import type { AcctlConfig } from '../../../core/src/index.js';
import { UsageError } from '../../../kit/src/index.js';
import type { Finding } from './findings.js';
import type { ParsedFile } from './yaml-file.js';
import { checkSchema } from './schema-check.js';

/** Which files a policy folder without acctl.yaml (or with no `files`) is made of. */
export const defaultFileGlobs: readonly string[] = ['**/*.yaml', '**/*.yml'];

/** acctl.yaml as the tools use it: `files` always set. */
export type RepoConfig = AcctlConfig & { files: string[] };

/**
 * The configuration in a parsed acctl.yaml, or the defaults when there is none or it is invalid. An
 * invalid acctl.yaml is read with the other files, so lint reports it and test refuses to run.
 */
export function readRepoConfig(file: ParsedFile | undefined): RepoConfig {
  if (file === undefined || file.value === null || repoConfigError(file) !== undefined) return { files: [...defaultFileGlobs] };
  const value = file.value as AcctlConfig;
  return { ...value, files: value.files ?? [...defaultFileGlobs] };
}

/** The first error of a parsed acctl.yaml (its YAML, then its schema), or undefined when it is valid (an empty file is). */
export function repoConfigError(file: ParsedFile): Finding | undefined {
  if (!file.ok) return file.findings.find((finding) => finding.severity === 'error') ?? file.findings[0];
  return file.value === null ? undefined : checkSchema(file, 'acctl-config')[0];
}

/**
 * The server acctl.yaml names: the environment's when one is chosen (its own `server`, else the
 * file's), else the file's. An environment the file does not have is refused, whichever server is used.
 */
export function configuredServer(config: AcctlConfig, environment: string | undefined): string | undefined {
  if (environment === undefined) return config.server;
  const chosen = config.environments?.[environment];
  if (chosen === undefined)
    throw new UsageError(`acctl.yaml has no environment "${environment}"`, [`Known: ${Object.keys(config.environments ?? {}).join(', ') || 'none'}`]);
  return chosen.server ?? config.server;
}
