import { readFile } from 'node:fs/promises';
import os from 'node:os';

export interface Machine {
  os: string;
  cpu_model: string;
  cores: number;
  available_parallelism: number;
  memory_gb: number;
  node: string;
  /** 1-, 5- and 15-minute load averages: above the core count, other processes compete for the CPU. */
  load_average: number[];
}

export function describeMachine(): Machine {
  const cpus = os.cpus();
  return {
    os: `${os.type()} ${os.release()} (${os.platform()} ${os.arch()})`,
    cpu_model: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    available_parallelism: os.availableParallelism(),
    memory_gb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    load_average: os.loadavg().map((load) => Number(load.toFixed(2))),
  };
}

/** CPU seconds (user + system) used so far by a process of this machine; undefined if /proc cannot tell. */
export async function processCpuSeconds(pid: number): Promise<number | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces); utime and stime are fields 14 and 15 (proc(5)).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks / clockTicksPerSecond : undefined;
  } catch {
    return undefined;
  }
}

/** sysconf(_SC_CLK_TCK): 100 on every Linux that Node runs on. */
const clockTicksPerSecond = 100;
