import { execFile, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, cp, lstat, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { DatabaseUnreachable } from './database-unreachable.js';

export interface EmbeddedDatabase {
  databaseUrl: string;
  port: number;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** PostgreSQL's own output, line by line. */
  log?: (line: string) => void;
  /** Status lines for the person who started it: a new cluster, and where its files went as root. */
  say?: (line: string) => void;
  /** false: start only the database the data folder already holds, never initialise a new one. */
  create?: boolean;
}

interface EmbeddedState {
  password: string;
  /** The cluster's folder when it is not `<data dir>/postgres`: as root, one under /var/lib/acctl (clusterDirFor). */
  clusterDir?: string;
}

/** The system user PostgreSQL runs as when acctl runs as root (PostgreSQL refuses to run as root). */
interface Account {
  uid: number;
  gid: number;
}

interface Binaries {
  initdb: string;
  postgres: string;
}

const databaseName = 'acctl';
const superuser = 'postgres';
const stateFileName = 'embedded-postgres.json';
/** As root, the copies the postgres user runs and the clusters it keeps: folders only root may change. */
const rootBinariesDir = '/var/cache/acctl';
const rootClustersDir = '/var/lib/acctl';
const relocatedCluster = /^\/var\/lib\/acctl\/[0-9a-f]{16}$/;
/** The signals that end a process by default: each stops PostgreSQL first, unless the server handles it (server.ts stopOnSignals). */
const endingSignals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Starts the PostgreSQL binaries of the `embedded-postgres` package for the data folder `dataDir`,
 * on a free loopback port (a system PostgreSQL may hold 5432). The first start runs initdb; later
 * starts reuse the data. PostgreSQL runs in its own process group, so a terminal's Ctrl-C reaches
 * acctl alone, which stops PostgreSQL after the requests in flight; the process's end stops it too.
 *
 * As root, PostgreSQL must run as another user: the system user `postgres` (created if missing, as
 * the package's `createPostgresUser` does). Whatever folders hold the checkout or the data folder
 * (`/root`, a `mktemp -d` folder: mode 0700), that user gets binaries and a cluster folder it can
 * reach: a copy of the binaries in /var/cache/acctl, and the cluster in /var/lib/acctl/<id>,
 * recorded in `<dataDir>/embedded-postgres.json`. Anything else that stops it is a DatabaseUnreachable
 * with one sentence that says what to do.
 */
export async function startEmbeddedPostgres(dataDir: string, options: EmbeddedPostgresOptions = {}): Promise<EmbeddedDatabase> {
  const { log = () => {}, say = () => {}, create = true } = options;
  const root = path.resolve(dataDir);
  if (!create && !(await embeddedDatabaseExists(root))) throw new DatabaseUnreachable(`There is no embedded database in ${root}`);
  const account = await postgresAccount();
  const binaries = await reachableBinaries(account, say);
  // 0755: as root, the postgres user enters it to reach its cluster folder inside.
  await mkdir(root, { recursive: true, mode: 0o755 });
  const stateFile = path.join(root, stateFileName);
  const state = await loadOrCreateState(stateFile);
  const clusterDir = await clusterDirFor(root, stateFile, state, account, say);
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    say(`Initialising the embedded PostgreSQL in ${clusterDir}`);
    await initialise(binaries, clusterDir, state.password, account, log);
  }
  const postgres = await runPostgres(binaries, root, clusterDir, account, log, say);
  const client = new pg.Client({ host: '127.0.0.1', port: postgres.port, user: superuser, password: state.password, database: 'postgres' });
  try {
    await client.connect();
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [databaseName]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${databaseName}`);
  } catch (error) {
    await postgres.stop();
    throw new DatabaseUnreachable(`The embedded PostgreSQL in ${clusterDir} started but refused acctl: ${reason(error)}`, { cause: error });
  } finally {
    await client.end().catch(() => undefined);
  }
  return { databaseUrl: embeddedDatabaseUrl(state.password, postgres.port), port: postgres.port, stop: postgres.stop };
}

/** Whether `dataDir` holds an initialised embedded database (admin commands use only such a folder, never create one). */
export async function embeddedDatabaseExists(dataDir: string): Promise<boolean> {
  const root = path.resolve(dataDir);
  const stateFile = path.join(root, stateFileName);
  if (!existsSync(stateFile)) return false;
  const state = await readState(stateFile);
  return existsSync(path.join(recordedClusterDir(root, state), 'PG_VERSION'));
}

/**
 * The embedded PostgreSQL of `dataDir` when a running process (`acctl server start`) already holds
 * it, so admin commands can work beside the server instead of failing to start a second one. The
 * port is line 4 of postmaster.pid (PostgreSQL docs, "Database File Layout"); a stale file left
 * by a crash names a port where nothing answers, and gives undefined.
 */
export async function findRunningEmbeddedPostgres(dataDir: string): Promise<{ databaseUrl: string; port: number } | undefined> {
  const root = path.resolve(dataDir);
  const stateFile = path.join(root, stateFileName);
  if (!existsSync(stateFile)) return undefined;
  const state = await readState(stateFile);
  const pidFile = path.join(recordedClusterDir(root, state), 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const port = Number((await readFile(pidFile, 'utf8')).split('\n')[3]);
  if (!Number.isInteger(port) || port <= 0) return undefined;
  const databaseUrl = embeddedDatabaseUrl(state.password, port);
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return { databaseUrl, port };
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export function findFreePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function embeddedDatabaseUrl(password: string, port: number): string {
  return `postgres://${superuser}:${encodeURIComponent(password)}@127.0.0.1:${port}/${databaseName}`;
}

async function loadOrCreateState(file: string): Promise<EmbeddedState> {
  if (existsSync(file)) return readState(file);
  const state: EmbeddedState = { password: randomBytes(24).toString('base64url') };
  await writeState(file, state);
  return state;
}

async function readState(file: string): Promise<EmbeddedState> {
  try {
    const state = JSON.parse(await readFile(file, 'utf8')) as EmbeddedState;
    if (typeof state.password !== 'string') throw new Error('it has no password');
    // A relocated cluster is one acctl made: the file must not point root's chown at another folder.
    if (state.clusterDir !== undefined && !relocatedCluster.test(state.clusterDir)) throw new Error(`its clusterDir ${state.clusterDir} is not one acctl made`);
    return state;
  } catch (error) {
    throw new DatabaseUnreachable(`${file} is not usable (${reason(error)}): restore it from a backup, or remove the data folder to start afresh`, {
      cause: error,
    });
  }
}

async function writeState(file: string, state: EmbeddedState): Promise<void> {
  await writeFile(file, JSON.stringify(state, null, 2), { mode: 0o600 });
  await chmod(file, 0o600);
}

function recordedClusterDir(root: string, state: EmbeddedState): string {
  return state.clusterDir ?? path.join(root, 'postgres');
}

/**
 * Where the cluster lives: where it was initialised, else `<dataDir>/postgres`, unless acctl runs
 * as root and the postgres user cannot enter the data folder (a parent of mode 0700): then a new
 * folder of /var/lib/acctl, recorded in the state file so every later start and admin command
 * finds it. Moving PostgreSQL's files there, rather than opening the user's folders to others, keeps
 * `/root` and a private data folder private.
 */
async function clusterDirFor(
  root: string,
  stateFile: string,
  state: EmbeddedState,
  account: Account | undefined,
  say: (line: string) => void,
): Promise<string> {
  const recorded = recordedClusterDir(root, state);
  if (existsSync(path.join(recorded, 'PG_VERSION'))) {
    if (account && !canEnter(account, recorded)) {
      throw new DatabaseUnreachable(
        `As root, the embedded PostgreSQL runs as the user postgres, which cannot enter ${recorded}: allow it (chmod o+x on the folders above), or run acctl as the user who created the data folder`,
      );
    }
    return recorded;
  }
  let clusterDir = path.join(root, 'postgres');
  if (account && !canEnter(account, root)) {
    clusterDir = state.clusterDir ?? path.join(rootClustersDir, randomBytes(8).toString('hex'));
    try {
      await rootOnlyFolder(rootClustersDir);
    } catch (error) {
      throw new DatabaseUnreachable(
        `As root, the embedded PostgreSQL runs as the user postgres, which cannot enter ${root}, and ${rootClustersDir} is not usable (${reason(error)}): give --data-dir a folder other users can enter, run acctl as another user, or set DATABASE_URL`,
        { cause: error },
      );
    }
    say(`The postgres user cannot enter ${root}: the embedded PostgreSQL keeps its files in ${clusterDir} (named in ${stateFile})`);
  }
  const wanted = clusterDir === path.join(root, 'postgres') ? undefined : clusterDir;
  if (state.clusterDir !== wanted) {
    if (wanted === undefined) delete state.clusterDir;
    else state.clusterDir = wanted;
    await writeState(stateFile, state);
  }
  return clusterDir;
}

/** initdb in `clusterDir`, as `account`; the superuser's password through a file only that user can read, removed at once. */
async function initialise(binaries: Binaries, clusterDir: string, password: string, account: Account | undefined, log: (line: string) => void): Promise<void> {
  await mkdir(clusterDir, { recursive: true, mode: 0o700 });
  // Not a symbolic link someone put there: root would hand its target to the postgres user.
  if (!(await lstat(clusterDir)).isDirectory()) throw new DatabaseUnreachable(`${clusterDir} is not a folder: remove it and start again`);
  const passwordFile = path.join(path.dirname(clusterDir), `.initdb-password-${randomBytes(6).toString('hex')}`);
  try {
    await writeFile(passwordFile, `${password}\n`, { mode: 0o600, flag: 'wx' });
    if (account) {
      await chown(clusterDir, account.uid, account.gid);
      await chown(passwordFile, account.uid, account.gid);
    }
    await runToEnd(
      binaries.initdb,
      [`--pgdata=${clusterDir}`, '--auth=password', `--username=${superuser}`, `--pwfile=${passwordFile}`, '--lc-messages=C'],
      account,
      log,
    );
  } catch (error) {
    if (error instanceof DatabaseUnreachable) throw error;
    throw new DatabaseUnreachable(`initdb could not create the embedded PostgreSQL in ${clusterDir}: ${reason(error)}`, { cause: error });
  } finally {
    await rm(passwordFile, { force: true });
  }
}

/** A child's options: as `account` (root only), from `/` (the caller's folder may be closed to it), messages in English (parsed below). */
function childOptions(account: Account | undefined): { uid?: number; gid?: number; cwd: string; env: NodeJS.ProcessEnv } {
  return { ...(account ?? {}), cwd: '/', env: { ...process.env, LC_MESSAGES: 'C' } };
}

function runToEnd(file: string, args: string[], account: Account | undefined, log: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...childOptions(account), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer): void => {
      const text = chunk.toString('utf8');
      output = (output + text).slice(-8000);
      for (const line of text.split('\n')) if (line.trim() !== '') log(line.trim());
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(failureLine(output) ?? `${path.basename(file)} exited with code ${code}`))));
  });
}

/**
 * PostgreSQL on a free port: a port taken between choosing and binding it is chosen again. A
 * PostgreSQL left running by an acctl process that died (isOrphan) is stopped and the start made
 * again; one a live acctl process holds makes the folder in use.
 */
async function runPostgres(
  binaries: Binaries,
  root: string,
  clusterDir: string,
  account: Account | undefined,
  log: (line: string) => void,
  say: (line: string) => void,
): Promise<{ port: number; stop(): Promise<void> }> {
  let portsTried = 0;
  let orphansStopped = 0;
  for (;;) {
    const port = await findFreePort();
    const started = await startPostmaster(binaries, clusterDir, port, account, log);
    if (typeof started === 'function') return { port, stop: started };
    if (started === 'port taken') {
      if (++portsTried === 3) throw new DatabaseUnreachable(`The embedded PostgreSQL in ${clusterDir} found no free port on 127.0.0.1`);
      continue;
    }
    // Another start may win the folder while this one stops the orphan: PostgreSQL's own lock
    // decides, and the next round finds that server's PostgreSQL owned, and refuses.
    if (orphansStopped < 3 && (await isOrphan(started.heldBy, clusterDir))) {
      say(`The embedded PostgreSQL in ${clusterDir} (pid ${started.heldBy}) outlived the acctl process that started it: stopping it`);
      await stopOrphan(started.heldBy, clusterDir);
      orphansStopped++;
      continue;
    }
    throw new DatabaseUnreachable(
      `The data folder ${root} is in use: its PostgreSQL (pid ${started.heldBy}) runs for another acctl server or command; stop that, or give another --data-dir`,
    );
  }
}

/** The custom setting that names, in the postmaster's command line, the acctl process that started it. */
const ownerSetting = 'acctl.owner_pid';

/**
 * Whether the PostgreSQL `pid` that holds `clusterDir` is one an acctl process started and that
 * process is gone (killed with SIGKILL, by the OOM killer, a supervisor's restart). Its command
 * line names the cluster and the owner's pid; the kernel keeps its parent pid, which is the owner's
 * while the owner lives and another's (init, a subreaper) once it has died. So a reused pid cannot
 * pass for the owner, as it could with a pid recorded in a file, and a server that is pid 1 in a
 * container is its PostgreSQL's parent as any other. Linux only (/proc): elsewhere, or for a
 * PostgreSQL acctl did not start so, the folder is refused as in use.
 */
async function isOrphan(pid: number, clusterDir: string): Promise<boolean> {
  const args = await postmasterArgs(pid, clusterDir);
  const owner = args?.find((arg) => arg.startsWith(`${ownerSetting}=`))?.slice(ownerSetting.length + 1);
  if (owner === undefined || !/^\d+$/.test(owner)) return false;
  const parent = await parentPid(pid);
  return parent !== undefined && parent !== Number(owner);
}

/** The command line of `pid` when it is a postmaster of `clusterDir` as startPostmaster runs it; undefined otherwise. */
async function postmasterArgs(pid: number, clusterDir: string): Promise<string[] | undefined> {
  try {
    const args = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
    const dataFlag = args.indexOf('-D');
    return dataFlag >= 0 && args[dataFlag + 1] === clusterDir ? args : undefined;
  } catch {
    return undefined;
  }
}

/** Field 4 of /proc/PID/stat (proc(5)), read after the last ')': the command name before it may hold spaces and parentheses. */
async function parentPid(pid: number): Promise<number | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return Number.isInteger(parent) ? parent : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Stops an orphaned postmaster as `pg_ctl stop -m fast` does: SIGINT, PostgreSQL's fast shutdown
 * (it ends the sessions left and writes a checkpoint, so the next start needs no recovery), then
 * waits for the process to go. It is not this process's child: its end is seen by polling.
 */
async function stopOrphan(pid: number, clusterDir: string): Promise<void> {
  try {
    process.kill(pid, 'SIGINT');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return;
    throw new DatabaseUnreachable(`The embedded PostgreSQL in ${clusterDir} (pid ${pid}) outlived its acctl process and cannot be stopped: ${reason(error)}`, {
      cause: error,
    });
  }
  // pg_ctl's default wait is 60 s.
  for (let waited = 0; (await postmasterArgs(pid, clusterDir)) !== undefined; waited += 100) {
    if (waited >= 60_000)
      throw new DatabaseUnreachable(`The embedded PostgreSQL in ${clusterDir} (pid ${pid}) outlived its acctl process and did not stop within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** PostgreSQL on `port`: its stop function once it is ready; 'port taken'; or the pid of the postmaster that already holds `clusterDir`. */
function startPostmaster(
  binaries: Binaries,
  clusterDir: string,
  port: number,
  account: Account | undefined,
  log: (line: string) => void,
): Promise<(() => Promise<void>) | 'port taken' | { heldBy: number }> {
  // The owner's pid rides in the command line (a custom setting, which PostgreSQL accepts with a
  // dot in its name): a later start reads it from /proc to tell an orphan from a live server's.
  const args = [
    '-D',
    clusterDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    '-c',
    `${ownerSetting}=${process.pid}`,
  ];
  const child = spawn(binaries.postgres, args, {
    ...childOptions(account),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const interrupt = (): void => {
    // SIGINT is PostgreSQL's fast shutdown: it ends the sessions left and writes a checkpoint.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
  };
  const onSignal = (signal: NodeJS.Signals): void => {
    interrupt();
    process.exit(128 + (os.constants.signals[signal] ?? 0));
  };
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      interrupt();
      await exited;
      process.removeListener('exit', interrupt);
      for (const signal of endingSignals) process.removeListener(signal, onSignal);
    })());
  return new Promise((resolve, reject) => {
    let output = '';
    let ready = false;
    const collect = (chunk: Buffer): void => {
      const text = chunk.toString('utf8');
      output = (output + text).slice(-8000);
      for (const line of text.split('\n')) if (line.trim() !== '') log(line.trim());
      if (!ready && output.includes('database system is ready to accept connections')) {
        ready = true;
        // However this process ends, PostgreSQL ends with it: no server left holding the data folder.
        process.on('exit', interrupt);
        for (const signal of endingSignals) process.on(signal, onSignal);
        resolve(stop);
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('error', (error) =>
      reject(new DatabaseUnreachable(`The embedded PostgreSQL could not be run (${binaries.postgres}): ${reason(error)}`, { cause: error })),
    );
    void exited.then(() => {
      if (ready) return;
      const inUse = /lock file "postmaster\.pid" already exists[\s\S]*?another postmaster \(PID (\d+)\)/.exec(output);
      if (inUse) {
        resolve({ heldBy: Number(inUse[1]) });
      } else if (/could not bind IPv4 address|Address already in use/.test(output)) {
        resolve('port taken');
      } else {
        reject(new DatabaseUnreachable(`The embedded PostgreSQL in ${clusterDir} did not start: ${failureLine(output) ?? 'it exited without a message'}`));
      }
    });
  });
}

/** The postgres system user when acctl runs as root, created if missing; undefined otherwise (PostgreSQL runs as this process's user). */
async function postgresAccount(): Promise<Account | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const existing = await accountOf(superuser);
  if (existing) return existing;
  // As the package's createPostgresUser does, as a system account; the group may exist on its own.
  await execFileAsync('groupadd', ['--system', superuser]).catch(() => undefined);
  await execFileAsync('useradd', ['--system', '--gid', superuser, '--no-create-home', superuser]).catch(() => undefined);
  const created = await accountOf(superuser);
  if (created) return created;
  throw new DatabaseUnreachable(
    'As root, the embedded PostgreSQL must run as the system user postgres, which does not exist and could not be created: create it (useradd --system postgres), run acctl as another user, or set DATABASE_URL',
  );
}

async function accountOf(name: string): Promise<Account | undefined> {
  try {
    const [uid, gid] = await Promise.all([execFileAsync('id', ['-u', name]), execFileAsync('id', ['-g', name])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    return undefined;
  }
}

/**
 * The binaries the `embedded-postgres` package installed for this platform; as root, a copy in
 * /var/cache/acctl when the postgres user cannot reach them (a checkout under /root), made once
 * per version.
 */
async function reachableBinaries(account: Account | undefined, say: (line: string) => void): Promise<Binaries> {
  const packaged = await packagedBinaries();
  if (!account || runsAs(account, binariesIn(packaged.dir).postgres, ['--version'])) return binariesIn(packaged.dir);
  const copy = path.join(rootBinariesDir, `postgres-${packaged.version}-${process.platform}-${process.arch}`);
  if (!existsSync(copy)) {
    try {
      await rootOnlyFolder(rootBinariesDir);
      const partial = `${copy}.partial-${process.pid}`;
      await rm(partial, { recursive: true, force: true });
      await cp(packaged.dir, partial, { recursive: true, verbatimSymlinks: true });
      // Whole or not at all; another acctl copying at the same time may have won.
      await rename(partial, copy).catch(async (error: unknown) => {
        await rm(partial, { recursive: true, force: true });
        if (!existsSync(copy)) throw error;
      });
    } catch (error) {
      throw new DatabaseUnreachable(
        `As root, the embedded PostgreSQL runs as the user postgres, which cannot reach ${packaged.dir}, and copying it to ${copy} failed (${reason(error)}): put the checkout in a folder other users can enter, run acctl as another user, or set DATABASE_URL`,
        { cause: error },
      );
    }
    say(`The postgres user cannot reach ${packaged.dir}: the embedded PostgreSQL runs from a copy in ${copy}`);
  }
  const copied = binariesIn(copy);
  if (!runsAs(account, copied.postgres, ['--version'])) {
    throw new DatabaseUnreachable(
      `As root, the embedded PostgreSQL runs as the user postgres, which cannot run ${copied.postgres}: remove ${copy} to have it copied again, run acctl as another user, or set DATABASE_URL`,
    );
  }
  return copied;
}

/** The `native` folder of @embedded-postgres/<platform>-<arch>, resolved from the embedded-postgres package that depends on it. */
async function packagedBinaries(): Promise<{ dir: string; version: string }> {
  const name = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  try {
    const fromPackage = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
    const packageDir = path.resolve(path.dirname(fromPackage.resolve(name)), '..');
    const { version } = JSON.parse(await readFile(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
    return { dir: path.join(packageDir, 'native'), version };
  } catch (error) {
    throw new DatabaseUnreachable(
      `The embedded PostgreSQL has no binaries for ${process.platform}-${process.arch} (${name}: ${reason(error)}): set DATABASE_URL`,
      {
        cause: error,
      },
    );
  }
}

function binariesIn(dir: string): Binaries {
  return { initdb: path.join(dir, 'bin', 'initdb'), postgres: path.join(dir, 'bin', 'postgres') };
}

/** Whether `file args` runs and succeeds as `account`: the one test of what that user can reach, ACLs and all. */
function runsAs(account: Account, file: string, args: string[]): boolean {
  const result = spawnSync(file, args, { ...childOptions(account), stdio: 'ignore', timeout: 10_000 });
  return result.error === undefined && result.status === 0;
}

function canEnter(account: Account, dir: string): boolean {
  return runsAs(account, '/bin/sh', ['-c', 'cd -- "$1"', 'sh', dir]);
}

/** A folder others may enter and only root may change: what root keeps for the postgres user must not be replaceable by another user. */
async function rootOnlyFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o755 });
  const info = await lstat(dir);
  if (!info.isDirectory() || info.uid !== 0 || (info.mode & 0o022) !== 0) throw new Error(`${dir} is not a folder only root can change`);
  // A umask of 077 made it 0700.
  if ((info.mode & 0o005) !== 0o005) await chmod(dir, 0o755);
}

/** Why initdb or PostgreSQL stopped: its last FATAL or error line, else its last line. */
function failureLine(output: string): string | undefined {
  const lines = output.split('\n').filter((line) => line.trim() !== '');
  // The server's "FATAL:  ..."; initdb's "initdb: error: ...".
  const marker = /\b(FATAL|ERROR|PANIC|error):\s*/;
  const failure = lines.filter((line) => marker.test(line)).at(-1);
  return failure ? failure.slice(failure.search(marker)).replace(marker, '').trim() : lines.at(-1)?.trim();
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const execFileAsync = promisify(execFile);
