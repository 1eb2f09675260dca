/**
 * The Cerbos PDP (the binary of the @cerbos/cerbos-linux-x64 devDependency) as a child process: its
 * policies on disk in a temporary folder, HTTP and gRPC on free loopback ports, audit off (so, unlike
 * acctl, it records no decision), ready when GET /_cerbos/health answers SERVING.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { stringify } from 'yaml';
import { findFreePort } from '../../../server/src/db/embedded-postgres.js';
import { startProgram } from '../../lib/children.js';
import { repoRoot } from '../../lib/paths.js';

export const cerbosBinary = path.join(repoRoot, 'node_modules', '@cerbos', 'cerbos-linux-x64', 'cerbos-linux-x64');

export interface CerbosPdp {
  url: string;
  pid: number;
  version: string;
  stop(): Promise<void>;
}

/** Starts the PDP with these policy files; `maxResourcesPerRequest` must cover the batch size. */
export async function startCerbos(policies: Array<{ file: string; yaml: string }>, options: { maxResourcesPerRequest: number }): Promise<CerbosPdp> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'acctl-bench-cerbos-'));
  try {
    const policyDir = path.join(dir, 'policies');
    await mkdir(policyDir);
    for (const { file, yaml } of policies) await writeFile(path.join(policyDir, file), yaml);
    const [httpPort, grpcPort] = [await findFreePort(), await findFreePort()];
    const config = {
      server: {
        httpListenAddr: `127.0.0.1:${httpPort}`,
        grpcListenAddr: `127.0.0.1:${grpcPort}`,
        requestLimits: { maxActionsPerResource: 50, maxResourcesPerRequest: options.maxResourcesPerRequest },
      },
      storage: { driver: 'disk', disk: { directory: policyDir, watchForChanges: false } },
      audit: { enabled: false },
      telemetry: { disabled: true },
    };
    const configFile = path.join(dir, 'config.yaml');
    await writeFile(configFile, stringify(config));
    const url = `http://127.0.0.1:${httpPort}`;
    const program = await startProgram('the Cerbos PDP', cerbosBinary, ['server', `--config=${configFile}`, '--log-level=error'], () =>
      waitForHealth(url, 90_000),
    );
    const version = await fetch(`${url}/api/server_info`)
      .then((response) => response.json() as Promise<{ version?: string }>)
      .then((info) => info.version ?? 'unknown')
      .catch(() => 'unknown');
    return {
      url,
      pid: program.pid,
      version,
      stop: async () => {
        await program.stop();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const status = await fetch(`${url}/_cerbos/health`)
      .then((response) => response.json() as Promise<{ status?: string }>)
      .then((body) => body.status)
      .catch(() => undefined);
    if (status === 'SERVING') return;
    if (performance.now() > deadline) throw new Error(`the Cerbos PDP did not answer SERVING at ${url}/_cerbos/health within ${timeoutMs} ms`);
    await delay(100);
  }
}
