import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CommandError, NotFound, UsageError } from '../../../kit/src/index.js';
import { maxPolicyFileBytes } from '../policy-files/source.js';
import { readPolicyRepository, type PolicyRepository } from './repository.js';

/**
 * `acctl policy diff REF [REF] -- FOLDER`: a policy folder as it is at a git ref, read with git
 * itself (`git ls-tree`, `git cat-file --batch`) into a temporary folder, never by checking out
 * over the user's tree, then read and linted as plan reads a folder. The refs and the folder come
 * from the command line: git runs without a shell, refs after `--end-of-options`, paths as
 * literal pathspecs.
 */

/** Files and bytes of a policy folder at a ref, at most: a repository is a few hundred small files. */
const MAX_FILES = 10_000;
const MAX_BYTES = 64 * 1024 * 1024;

/** Where the folder lives: the repository's top level and the folder's path in it ('' for the top). */
export interface GitFolder {
  toplevel: string;
  prefix: string;
  /** The commit checked out (HEAD), undefined in a repository without commits. */
  head: string | undefined;
}

function git(cwd: string, args: readonly string[], input?: Buffer): Buffer {
  return execFileSync('git', ['--literal-pathspecs', ...args], {
    cwd,
    input,
    maxBuffer: MAX_BYTES + 1024 * 1024,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, GIT_TERMINAL_PROMPT: '0' },
  });
}

/** The git repository that holds `folder` (which need not exist in the working tree: its nearest existing parent is asked). */
export function gitFolderOf(folder: string): GitFolder {
  const absolute = path.resolve(folder);
  let nearest = absolute;
  while (!existsSync(nearest)) nearest = path.dirname(nearest);
  const existing = realpathSync(nearest);
  let toplevel: string;
  try {
    toplevel = realpathSync(git(existing, ['rev-parse', '--show-toplevel']).toString('utf8').trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new UsageError('git is not installed (comparing refs reads them with git)');
    throw new UsageError(`${folder} is not in a git repository: there are no refs to compare`, [`acctl policy diff FOLDER FOLDER compares two folders`]);
  }
  const rest = path.relative(nearest, absolute);
  const prefix = path.relative(toplevel, path.join(existing, rest)).split(path.sep).join('/');
  if (prefix.startsWith('..') || path.isAbsolute(prefix)) throw new UsageError(`${folder} is outside the git repository at ${toplevel}`);
  return { toplevel, prefix, head: resolveCommit({ toplevel, prefix, head: undefined }, 'HEAD', { optional: true }) || undefined };
}

/** The commit a ref names; an unknown ref is refused (not_found), as `git diff` refuses it. */
function resolveCommit(repo: GitFolder, ref: string, options: { optional?: boolean } = {}): string {
  if (ref === '' || ref.length > 1000 || ref.startsWith('-') || /[\0\n]/.test(ref)) throw new UsageError(`Not a git ref: ${JSON.stringify(ref)}`);
  try {
    return git(repo.toplevel, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`])
      .toString('utf8')
      .trim();
  } catch {
    if (options.optional) return '';
    throw new NotFound(`Unknown git ref: ${ref} (not a branch, tag or commit of ${repo.toplevel})`, ['git branch -a and git tag list them']);
  }
}

interface TreeEntry {
  mode: string;
  type: string;
  sha: string;
  size: number;
  path: string;
}

/** `git ls-tree -l -z`: mode, type, object, size and path of each entry (a symbolic link or submodule is no policy file). */
function listTree(repo: GitFolder, commit: string, paths: readonly string[], recursive: boolean): TreeEntry[] {
  const out = git(repo.toplevel, ['ls-tree', '-l', '-z', '--full-tree', ...(recursive ? ['-r'] : []), commit, '--', ...paths]).toString('utf8');
  return out
    .split('\0')
    .filter((line) => line !== '')
    .map((line) => {
      const tab = line.indexOf('\t');
      const [mode, type, sha, size] = line.slice(0, tab).split(/\s+/);
      return { mode: mode!, type: type!, sha: sha!, size: Number(size), path: line.slice(tab + 1) };
    })
    .filter((entry) => entry.type === 'blob' && entry.mode !== '120000');
}

/** The blobs' contents, in one `git cat-file --batch`. */
function readBlobs(repo: GitFolder, shas: readonly string[]): Map<string, Buffer> {
  const contents = new Map<string, Buffer>();
  if (shas.length === 0) return contents;
  const out = git(repo.toplevel, ['cat-file', '--batch'], Buffer.from(`${shas.join('\n')}\n`));
  let at = 0;
  while (at < out.length) {
    const end = out.indexOf(0x0a, at);
    const [sha, , size] = out.subarray(at, end).toString('utf8').split(' ');
    const length = Number(size);
    contents.set(sha!, out.subarray(end + 1, end + 1 + length));
    at = end + 1 + length + 1;
  }
  return contents;
}

/** The folder's files and the acctl.yaml files above it (the one that governs it may be there), written under `into`. */
function writeFolderAt(repo: GitFolder, commit: string, into: string): 'tree' | 'absent' {
  const kind = repo.prefix === '' ? 'tree' : objectType(repo, `${commit}:${repo.prefix}`);
  if (kind === undefined) return 'absent';
  if (kind !== 'tree') throw new UsageError(`${repo.prefix} is a file, not a folder, at ${commit.slice(0, 12)}`);
  // '' and each folder above the prefix (infra/policies: '' and infra); the folder's own is among its files.
  const parents = repo.prefix.split('/').map((_, index, parts) => parts.slice(0, index).join('/'));
  const configs = listTree(
    repo,
    commit,
    parents.flatMap((dir) => ['acctl.yaml', 'acctl.yml'].map((name) => (dir === '' ? name : `${dir}/${name}`))),
    false,
  );
  const files = [...configs, ...listTree(repo, commit, repo.prefix === '' ? [] : [repo.prefix], true)];
  if (files.length > MAX_FILES) throw new UsageError(`The policy folder holds more than ${MAX_FILES} files at ${commit.slice(0, 12)}; compare folders instead`);
  const readable = files.filter((entry) => entry.size <= maxPolicyFileBytes);
  const bytes = readable.reduce((sum, entry) => sum + entry.size, 0);
  if (bytes > MAX_BYTES)
    throw new UsageError(`The policy folder holds more than ${MAX_BYTES / 1024 / 1024} MiB at ${commit.slice(0, 12)}; compare folders instead`);
  const contents = readBlobs(
    repo,
    readable.map((entry) => entry.sha),
  );
  for (const entry of files) {
    const target = path.join(into, ...entry.path.split('/'));
    // git refuses `..` and absolute paths in a tree; checked anyway, as every input is hostile.
    if (!target.startsWith(`${into}${path.sep}`)) continue;
    mkdirSync(path.dirname(target), { recursive: true });
    const content = contents.get(entry.sha);
    if (content !== undefined) writeFileSync(target, content);
    else {
      // Over the limit: a file of its size without its content, which lint names as too large (unreadable-file).
      writeFileSync(target, '');
      truncateSync(target, entry.size);
    }
  }
  return 'tree';
}

function objectType(repo: GitFolder, object: string): string | undefined {
  try {
    return git(repo.toplevel, ['cat-file', '-t', object]).toString('utf8').trim();
  } catch {
    return undefined;
  }
}

/** One side of a diff of refs: the folder as it is at the ref, named `REF:path` (git's own notation: `git show main:policies/x.yaml`). */
export interface RefRepository {
  label: string;
  /** Empty when the folder is not in the ref's tree (git diff shows such a folder's files as added). */
  repository: PolicyRepository;
}

/**
 * The folder at `ref`, read and linted as a folder is. Files are named `REF:path`, except at the
 * commit checked out, whose files are named as in the working tree (`policies/x.yaml`), so a
 * workflow's annotations and SARIF results on the pull request's head land on its lines.
 */
export async function readRepositoryAt(repo: GitFolder, ref: string, options: { nameAsWorkingTree: boolean }): Promise<RefRepository> {
  const commit = resolveCommit(repo, ref);
  const label = `${ref}:${repo.prefix === '' ? '.' : repo.prefix}`;
  const temporary = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'acctl-ref-')));
  try {
    const found = writeFolderAt(repo, commit, temporary);
    const folder = path.join(temporary, ...repo.prefix.split('/').filter(Boolean));
    mkdirSync(folder, { recursive: true });
    const asWorkingTree = options.nameAsWorkingTree && commit === repo.head;
    const rename = (file: string): string => {
      const inRepository = path.relative(temporary, path.resolve(file)).split(path.sep).join('/');
      if (inRepository.startsWith('..')) return file;
      if (!asWorkingTree) return `${ref}:${inRepository}`;
      // As a folder's files are named (workspace.ts): relative to the working directory inside it, else absolute.
      const absolute = path.join(repo.toplevel, ...inRepository.split('/'));
      const relative = path.relative(process.cwd(), absolute);
      return (relative.startsWith('..') || path.isAbsolute(relative) ? absolute : relative).split(path.sep).join('/');
    };
    if (found === 'absent') return { label, repository: { dir: label, configFile: undefined, owner: null, desired: [], files: [] } };
    let repository: PolicyRepository;
    try {
      repository = await readPolicyRepository(folder, undefined);
    } catch (error) {
      if (!(error instanceof CommandError)) throw error;
      // The temporary folder means nothing to the user: its files are named as at the ref.
      const named = (text: string) => text.split(`${temporary}${path.sep}`).join(`${ref}:`).split(temporary).join(`${ref}:.`);
      throw new CommandError(error.code, `At ${ref}: ${named(error.message)}`, {
        suggestions: [`git show ${ref}:PATH shows a file as it is there; acctl policy lint reads a folder checked out with git worktree add`],
      });
    }
    const governing = path.resolve(repository.dir);
    if (governing !== temporary && !governing.startsWith(`${temporary}${path.sep}`))
      throw new UsageError(`An acctl.yaml above ${os.tmpdir()} governs the folder read at ${ref}; remove it`);
    return {
      label,
      repository: {
        ...repository,
        dir: rename(repository.dir),
        configFile: repository.configFile === undefined ? undefined : rename(repository.configFile),
        files: repository.files.map((entry) => ({ ...entry, file: { ...entry.file, path: rename(entry.file.path) } })),
      },
    };
  } finally {
    rmSync(temporary, { recursive: true, force: true });
  }
}
