/**
 * Benchmark servers run in their own processes, so the load generator in this one does not share
 * their event loop. Each is `node --import tsx <script>`; it is ready when it prints its ready line
 * (servers/child-protocol.ts). Every child started here is tracked until it exits, so the runner can
 * stop them all on any way out.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { LoopDelay, ParentMessage, ReadyLine, ServerStats } from '../servers/child-protocol.js';
import { repoRoot } from './paths.js';

export interface BenchServer {
  name: string;
  pid: number;
  ready: ReadyLine;
  url: string;
  stats(): Promise<ServerStats>;
  /** Starts a CPU profile; the function it resolves to stops it and writes it to `file`. */
  profile(): Promise<(file: string) => Promise<void>>;
  /** Starts watching how late the event loop runs; the function it resolves to stops and answers. */
  watchLoopDelay(): Promise<() => Promise<LoopDelay>>;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();

export async function startServer(
  name: string,
  script: string,
  options: { env?: Record<string, string>; nodeFlags?: string[]; readyTimeoutMs?: number } = {},
): Promise<BenchServer> {
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), '--import', 'tsx', path.join(repoRoot, script)], {
    cwd: repoRoot,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const ready = await readyLine(child, options.readyTimeoutMs ?? 60_000).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw new Error(`${name} (${script}) did not start: ${String(error)}\n${stderr}`);
  });
  const pid = child.pid ?? -1;
  return {
    name,
    pid,
    ready,
    url: `http://127.0.0.1:${ready.port}`,
    stats: () => ask<ServerStats>(child, { type: 'stats' }, 'stats'),
    profile: async () => {
      await ask(child, { type: 'profile-start' }, 'profile-started');
      return async (file) => {
        await ask(child, { type: 'profile-stop', file }, 'profile');
      };
    },
    watchLoopDelay: async () => {
      await ask(child, { type: 'loop-delay-start' }, 'loop-delay-started');
      return () => ask<LoopDelay>(child, { type: 'loop-delay-stop' }, 'loop-delay');
    },
    stop: () => stopChild(child),
  };
}

function readyLine(child: ChildProcess, timeoutMs: number): Promise<ReadyLine> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => reject(new Error(`no ready line within ${timeoutMs} ms`)), timeoutMs);
    const onData = (chunk: Buffer): void => {
      buffered += chunk.toString();
      for (let newline = buffered.indexOf('\n'); newline >= 0; newline = buffered.indexOf('\n')) {
        const line = buffered.slice(0, newline).trim();
        buffered = buffered.slice(newline + 1);
        if (!line.startsWith('{')) continue;
        const parsed = JSON.parse(line) as Partial<ReadyLine>;
        if (parsed.ready === true && typeof parsed.port === 'number') {
          clearTimeout(timer);
          child.stdout?.off('data', onData);
          child.stdout?.resume();
          resolve(parsed as ReadyLine);
        }
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`exited (code ${code}, signal ${signal}) before it was ready`));
    });
  });
}

/** Sends a message to the child and waits for its answer of type `answer`. */
function ask<T>(child: ChildProcess, message: ParentMessage, answer: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (received: { type?: string; value?: unknown }): void => {
      if (received.type !== answer) return;
      child.off('message', onMessage);
      resolve(received.value as T);
    };
    child.on('message', onMessage);
    if (!child.send(message)) reject(new Error('the server is gone'));
  });
}

/** Asks the child to close and exit; kills it after 10 s if it has not. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  if (child.connected) child.send({ type: 'stop' });
  else child.kill('SIGTERM');
  const outcome = await Promise.race([exited.then(() => 'exited' as const), delay(10_000).then(() => 'late' as const)]);
  if (outcome === 'late') {
    child.kill('SIGKILL');
    await exited;
  }
}

/**
 * A program that is not one of our Node servers (a peer such as the Cerbos PDP): tracked like the
 * others, so stopAllServers ends it however the run ends. It is ready when `ready` resolves; if it
 * exits first, the error carries the end of its output.
 */
export async function startProgram(
  name: string,
  command: string,
  args: string[],
  ready: () => Promise<void>,
): Promise<{ pid: number; stop: () => Promise<void> }> {
  const child = spawn(command, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<never>((_, reject) => {
    child.once('error', (error) => reject(new Error(`${name} could not be started: ${error.message}`)));
    child.once('exit', (code, signal) => reject(new Error(`${name} exited (code ${code}, signal ${signal}) before it was ready:\n${output}`)));
  });
  try {
    await Promise.race([ready(), exited]);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  exited.catch(() => undefined);
  return { pid: child.pid ?? -1, stop: () => stopChild(child) };
}

/** Stops every child this process started that is still running. */
export async function stopAllServers(): Promise<void> {
  await Promise.all([...running].map((child) => stopChild(child)));
}

/** Runs a script to completion in its own process; its last stdout line, parsed as JSON. */
export async function runScript<T>(script: string, args: string[] = [], nodeFlags: string[] = []): Promise<T> {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', path.join(repoRoot, script), ...args], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  running.add(child);
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  running.delete(child);
  if (code !== 0) throw new Error(`${script} exited with code ${code}`);
  const lastLine = stdout.trim().split('\n').at(-1) ?? '';
  return JSON.parse(lastLine) as T;
}
