/**
 * Two machines on one: the server's host (the acctl server, PostgreSQL and the load generator) on
 * the first CPU, a CI runner (the CLI) on the second, with taskset(1) from util-linux. A CI job's
 * `acctl policy apply` runs on a runner, not on the host that answers decisions; on a 2-core bench
 * machine the CLI process would otherwise take one of the two cores the server's decisions need,
 * which measures the machine, not what an apply costs the server (bench/README.md, GitOps).
 *
 * Linux only; `available()` says whether this machine can split (two CPUs or more, taskset on the
 * PATH, affinity allowed). PostgreSQL's processes are found by name (`postgres`, whoever runs them:
 * the machine's cluster or the embedded one); new backends inherit the postmaster's mask.
 */
import { execFile } from 'node:child_process';
import os from 'node:os';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface CpuSplit {
  /** The server host's CPU list and the runner's, in taskset's notation. */
  host: string;
  runner: string;
  /** Every CPU: what `release()` restores. */
  all: string;
}

/** The split this machine allows, or why not. */
export async function cpuSplit(): Promise<CpuSplit | { unavailable: string }> {
  if (process.platform !== 'linux') return { unavailable: 'CPU affinity needs Linux' };
  const cpus = os.availableParallelism();
  if (cpus < 2) return { unavailable: 'one CPU: nothing to split' };
  try {
    await run('taskset', ['-p', String(process.pid)]);
  } catch {
    return { unavailable: 'taskset (util-linux) is not on the PATH or may not read affinities' };
  }
  // The runner gets one CPU, as a CI runner's job gets one busy thread; the host the rest.
  const last = cpus - 1;
  return { host: last === 1 ? '0' : `0-${last - 1}`, runner: String(last), all: `0-${last}` };
}

async function postgresPids(): Promise<number[]> {
  try {
    const { stdout } = await run('pgrep', ['-x', 'postgres']);
    return stdout.split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Sets the CPUs of every thread of each process (a process gone meanwhile is skipped). */
async function setAffinity(pids: readonly number[], cpus: string): Promise<void> {
  await Promise.all(pids.map((pid) => run('taskset', ['-a', '-p', '-c', cpus, String(pid)]).catch(() => undefined)));
}

/** Puts the server's host on `split.host`: this process (the load generator), the servers named and PostgreSQL. */
export async function pinHost(split: CpuSplit, serverPids: readonly number[]): Promise<void> {
  await setAffinity([process.pid, ...serverPids, ...(await postgresPids())], split.host);
}

/** Gives the same processes every CPU again. */
export async function releaseHost(split: CpuSplit, serverPids: readonly number[]): Promise<void> {
  await setAffinity([process.pid, ...serverPids, ...(await postgresPids())], split.all);
}

/** The command line that runs `command` on the runner's CPU. */
export function onRunner(split: CpuSplit, command: string, args: readonly string[]): { command: string; args: string[] } {
  return { command: 'taskset', args: ['-c', split.runner, command, ...args] };
}
