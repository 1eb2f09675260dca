import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CommandError } from '../../../kit/src/index.js';

/** What `acctl login` keeps for one server profile. */
export interface StoredProfile {
  /** The server's origin, as given to `acctl login --server`. */
  server: string;
  access_token: string;
  refresh_token?: string;
  /** When the access token expires (ISO 8601). */
  expires_at: string;
  scope: string;
  /** The user the tokens were issued to (the access token's `sub`). */
  subject: string;
  /** That user's name, read once at sign-in (absent when the token may not read principals). */
  username?: string;
}

export interface CredentialsFile {
  profiles: Record<string, StoredProfile>;
}

export const defaultProfileName = 'default';
export const profileEnvName = 'ACCTL_PROFILE';

/** $XDG_CONFIG_HOME/acctl/credentials.json, else ~/.config/acctl/credentials.json (XDG Base Directory spec). */
export function credentialsFilePath(env: NodeJS.ProcessEnv = process.env): string {
  const configHome = env.XDG_CONFIG_HOME?.trim() ? env.XDG_CONFIG_HOME : path.join(os.homedir(), '.config');
  return path.join(configHome, 'acctl', 'credentials.json');
}

export async function readCredentialsFile(file: string): Promise<CredentialsFile> {
  const parsed = await readJsonFileIfAny<Partial<CredentialsFile>>(file, 'Delete it and sign in again: acctl login');
  return { profiles: typeof parsed?.profiles === 'object' && parsed.profiles !== null ? parsed.profiles : {} };
}

/** A JSON file of the config folder, or undefined when there is none; invalid JSON is a config_error. */
export async function readJsonFileIfAny<T>(file: string, fix: string): Promise<T | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new CommandError('config_error', `${file} is not valid JSON`, { suggestions: [fix] });
  }
}

export async function readProfile(file: string, name: string): Promise<StoredProfile | undefined> {
  return (await readCredentialsFile(file)).profiles[name];
}

/**
 * Writes the whole file atomically: a temporary file (mode 0600) in the same directory (0700),
 * then rename(2), so a reader sees the old file or the new one, never half of one.
 */
export async function writeCredentialsFile(file: string, contents: CredentialsFile): Promise<void> {
  await writeJsonFileAtomically(file, contents);
}

/** Any JSON file beside the credentials (config.json too): mode 0600 in a 0700 folder, replaced atomically. */
export async function writeJsonFileAtomically(file: string, contents: unknown): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, `${JSON.stringify(contents, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Reads, changes one profile (undefined removes it), writes back. Call it holding the lock. */
export async function updateProfile(file: string, name: string, profile: StoredProfile | undefined): Promise<void> {
  const contents = await readCredentialsFile(file);
  if (profile) contents.profiles[name] = profile;
  else delete contents.profiles[name];
  await writeCredentialsFile(file, contents);
}

/** A lock older than this belongs to a process that died holding it. */
const staleLockMs = 30_000;
const lockWaitMs = 60_000;

/**
 * Runs `work` holding `<file>.lock`, created with O_EXCL so one process at a time refreshes: a
 * second refresh with the same refresh token would look like reuse of a rotated token and revoke
 * the whole family. Waiters retry until the holder is done; a stale lock is broken.
 */
export async function withCredentialsLock<T>(file: string, work: () => Promise<T>): Promise<T> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const lock = `${file}.lock`;
  const deadline = Date.now() + lockWaitMs;
  for (;;) {
    try {
      const handle = await open(lock, 'wx', 0o600);
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const held = await stat(lock).catch(() => undefined);
      if (held && Date.now() - held.mtimeMs > staleLockMs) {
        await unlink(lock).catch(() => undefined);
        continue;
      }
      if (Date.now() > deadline)
        throw new CommandError('internal_error', `Another acctl process holds ${lock}`, {
          suggestions: ['If no acctl command is running, delete the lock file'],
        });
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
    }
  }
  try {
    return await work();
  } finally {
    await unlink(lock).catch(() => undefined);
  }
}
