import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { globMatcher } from './glob.js';
import type { Finding } from './findings.js';
import { readRepoConfig, repoConfigError, type RepoConfig } from './repo-config.js';
import { readFileBounded } from '../bounded-input.js';
import { maxPolicyFileBytes, sourceOfInput, type SourceFile } from './source.js';
import { configFileAbove, searchStartOf } from './config-file.js';
import { fileKindOf, parseYamlFile } from './yaml-file.js';

/**
 * The one module of policy-files that reads the disk: which files the paths given to a command stand
 * for, read into SourceFiles. Everything after this works on those, without I/O.
 */

/** A policy folder: the nearest folder with an acctl.yaml, or the folder itself when there is none. */
export interface PolicyRoot {
  dir: string;
  config: RepoConfig;
  /** Its acctl.yaml (absolute), when it has one. */
  configPath?: string;
  /** Why that acctl.yaml is not valid (`config` then holds the defaults): a server it names is unknown. */
  configError?: Finding;
}

export interface PolicyFileSet {
  /** The files the paths name, sorted by path: what lint and fmt work on and what test takes tests from. */
  selected: SourceFile[];
  /** Every file of the policy folders the paths are in: where test finds the policies to evaluate. */
  all: SourceFile[];
  /** Paths given that do not exist. */
  missing: string[];
  /** The policy folders the paths are in, with their acctl.yaml: the ownership label and server plan and apply use. */
  roots: PolicyRoot[];
}

/** Folders never walked into: dependencies, VCS data, anything hidden. */
const skippedFolder = (name: string): boolean => name === 'node_modules' || name.startsWith('.');

export interface CollectOptions {
  /**
   * Also read every file of the policy folders the paths are in (`all`): only `acctl policy test`
   * needs them (the policies its tests evaluate). Without it a command reads what it was given and
   * the acctl.yaml above it, never a parent folder it was not given: `policy diff /tmp/a.yaml
   * /tmp/b.yaml` walked all of /tmp and died when another program removed a folder there.
   */
  policyFolder?: boolean;
}

/**
 * Resolves the paths of a command (default: the working directory). A folder stands for the files
 * under it that its policy folder's acctl.yaml `files` globs choose (or every .yaml/.yml file); a
 * file stands for itself.
 */
export function collectPolicyFiles(paths: readonly string[], cwd: string, options: CollectOptions = {}): PolicyFileSet {
  const requested = paths.length > 0 ? paths : ['.'];
  const selected = new Map<string, SourceFile>();
  const all = new Map<string, SourceFile>();
  const roots = new Map<string, PolicyRoot>();
  const missing: string[] = [];
  const read = (absolute: string): SourceFile => readSource(absolute, displayPath(absolute, cwd));

  for (const given of requested) {
    const absolute = path.resolve(cwd, given);
    if (!existsSync(absolute)) {
      missing.push(given);
      continue;
    }
    const isDirectory = statSync(absolute).isDirectory();
    const root = policyRootOf(isDirectory ? absolute : path.dirname(absolute), cwd, roots);
    const files = isDirectory ? filesOfRoot(root, absolute) : [absolute];
    for (const file of files) {
      // A file found by the walk may be gone by now (another program's folder): it was not named.
      const source = all.get(file) ?? (isDirectory ? readIfStillThere(file, read) : read(file));
      if (source === undefined) continue;
      all.set(file, source);
      selected.set(file, source);
    }
  }
  if (options.policyFolder) {
    for (const root of roots.values()) {
      for (const file of filesOfRoot(root, root.dir)) {
        const source = all.get(file) ?? readIfStillThere(file, read);
        if (source !== undefined) all.set(file, source);
      }
    }
  }
  const sorted = (files: Map<string, SourceFile>): SourceFile[] => [...files.values()].sort((a, b) => a.path.localeCompare(b.path));
  return { selected: sorted(selected), all: sorted(all), missing, roots: [...roots.values()] };
}

/** Errors that mean an entry found by a walk was removed or replaced before it was read. */
const vanished = (error: unknown): boolean => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

function readIfStillThere(file: string, read: (absolute: string) => SourceFile): SourceFile | undefined {
  try {
    return read(file);
  } catch (error) {
    if (vanished(error)) return undefined;
    throw error;
  }
}

/**
 * A file's text, or why it is not text: a huge or binary file is named by lint, never read into a
 * finding (source.ts). Read within the limit whatever it is: a named /dev/zero or FIFO has no size.
 */
function readSource(absolute: string, shown: string): SourceFile {
  return { path: shown, ...sourceOfInput(readFileBounded(absolute, maxPolicyFileBytes)) };
}

/**
 * The policy folder a file or folder is in: the nearest acctl.yaml from it upward (a path that does
 * not exist is looked for from its parent), as plan finds it for the folder it is given.
 */
export function policyRootAt(given: string, cwd: string): PolicyRoot {
  return policyRootOf(searchStartOf(given, cwd), cwd, new Map());
}

function policyRootOf(start: string, cwd: string, cache: Map<string, PolicyRoot>): PolicyRoot {
  const found = configFileAbove(start);
  return found === undefined ? rootFor(start, undefined, cwd, cache) : rootFor(found.dir, found.file, cwd, cache);
}

function rootFor(dir: string, configPath: string | undefined, cwd: string, cache: Map<string, PolicyRoot>): PolicyRoot {
  const cached = cache.get(dir);
  if (cached) return cached;
  const parsed = configPath === undefined ? undefined : parseYamlFile(readSource(configPath, displayPath(configPath, cwd)));
  const configError = parsed === undefined ? undefined : repoConfigError(parsed);
  const root: PolicyRoot = {
    dir,
    config: readRepoConfig(parsed),
    ...(configPath === undefined ? {} : { configPath }),
    ...(configError === undefined ? {} : { configError }),
  };
  cache.set(dir, root);
  return root;
}

/**
 * Absolute paths of the root's files under `from` (the root itself or a folder in it): acctl.yaml
 * itself, then whatever its globs select. A folder removed while it is walked is skipped.
 */
function filesOfRoot(root: PolicyRoot, from: string): string[] {
  const matches = globMatcher(root.config.files);
  const found: string[] = [];
  const walk = (dir: string): void => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      if (dir !== from && vanished(error)) return;
      throw error;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!skippedFolder(entry.name)) walk(full);
      } else if (entry.isFile()) {
        const relative = path.relative(root.dir, full).split(path.sep).join('/');
        if (fileKindOf(relative) === 'config' ? dir === root.dir : matches(relative)) found.push(full);
      }
    }
  };
  walk(from);
  return found;
}

/** Relative to the working directory when inside it, with `/` separators: how findings name files. */
function displayPath(absolute: string, cwd: string): string {
  const relative = path.relative(cwd, absolute);
  return (relative.startsWith('..') || path.isAbsolute(relative) ? absolute : relative).split(path.sep).join('/');
}
