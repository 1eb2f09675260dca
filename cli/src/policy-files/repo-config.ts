import type { AcctlConfig } from '../../../core/src/index.js';
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
  const value = file?.ok && file.value !== null ? (file.value as AcctlConfig) : undefined;
  if (file === undefined || value === undefined || checkSchema(file, 'acctl-config').length > 0) return { files: [...defaultFileGlobs] };
  return { ...value, files: value.files ?? [...defaultFileGlobs] };
}
