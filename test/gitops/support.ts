import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Config } from '@oclif/core';
import { expect } from 'chai';
import type { PolicyRule } from '../../core/src/index.js';
import { repoRoot, type CliResult } from '../cli/run-cli.js';

/** A rule that allows one thing: the content of policies whose content does not matter. */
export const minimalRule: PolicyRule = { effect: 'allow', principals: { type: 'USER' }, resources: { type: 'api', identifiers: ['x'] }, actions: ['read'] };

/** The result, once its exit code is `code` (the output in the failure message otherwise). */
export function exitWith(result: CliResult, code: number): CliResult {
  expect(result.exitCode, `${result.stdout}\n${result.stderr}`).to.equal(code);
  return result;
}

/** The GitHub Actions variables apply reads its provenance from, as a workflow run sets them. */
export const provenanceEnv = {
  GITHUB_SHA: '0123456789abcdef0123456789abcdef01234567',
  GITHUB_SERVER_URL: 'https://github.example.com',
  GITHUB_REPOSITORY: 'acme/policies',
  GITHUB_RUN_ID: '4242',
  GITHUB_ACTOR: 'octocat',
};

/** A fresh copy of policies-example/ in a temporary folder: a policy repository to plan and apply. */
export function copyOfExampleRepository(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'acctl-policy-repo-'));
  cpSync(path.join(repoRoot, 'policies-example'), dir, { recursive: true });
  return dir;
}

/** Edits a file of the copy in place. */
export function editFile(dir: string, name: string, edit: (text: string) => string): void {
  const file = path.join(dir, name);
  writeFileSync(file, edit(readFileSync(file, 'utf8')));
}

/** acctl's oclif configuration without its command folder: enough to run one command class in this process, without importing every other. */
export async function commandlessCliConfig(): Promise<Config> {
  const root = path.join(repoRoot, 'cli');
  const pjson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  delete pjson.oclif.commands;
  return Config.load({ root, pjson });
}

/**
 * Runs `work` in this process with the variables the CLI reads set to `env` alone (no other ACCTL_
 * setting, a throw-away config folder, as run-cli.ts gives a spawned CLI), then puts them back.
 */
export async function withCliEnv<T>(env: Record<string, string>, work: () => Promise<T>): Promise<T> {
  const wanted: Record<string, string> = { XDG_CONFIG_HOME: mkdtempSync(path.join(os.tmpdir(), 'acctl-cli-config-')), ...env };
  const names = [...new Set(['ACCTL_SERVER', 'ACCTL_PROFILE', 'ACCTL_TOKEN', 'ACCTL_CLIENT_ID', 'ACCTL_CLIENT_SECRET', ...Object.keys(wanted)])];
  const saved = new Map(names.map((name) => [name, process.env[name]]));
  const put = (values: ReadonlyMap<string, string | undefined>): void => {
    for (const [name, value] of values) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  put(new Map(names.map((name) => [name, wanted[name]])));
  try {
    return await work();
  } finally {
    put(saved);
  }
}

/** What the proxy does with a request: pass it on, or pass it on and then cut the connection before its answer reaches the client. */
export type ProxyAction = 'forward' | 'drop_answer';

/**
 * A real HTTP proxy in front of a test server, for the moments only a race gives: `onRequest` runs
 * before each request is passed on (another writer can act between a CLI's plan and its write),
 * and may ask that the answer be lost (the server did the work; the client sees the connection
 * reset, as when a server dies before it answers). The CLI under test runs as a real process
 * against the proxy's origin.
 */
export async function startProxy(
  target: string,
  onRequest: (method: string, url: string) => Promise<ProxyAction> | ProxyAction,
): Promise<{ origin: string; close: () => Promise<void> }> {
  const hopByHop = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'content-encoding']);
  const server = http.createServer((request, response) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const action = await onRequest(request.method ?? 'GET', request.url ?? '/');
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !hopByHop.has(name))) as Record<string, string>;
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      const answer = await fetch(`${target}${request.url}`, { method: request.method, headers, body });
      const payload = Buffer.from(await answer.arrayBuffer());
      if (action === 'drop_answer') {
        request.socket.destroy();
        return;
      }
      response.writeHead(answer.status, Object.fromEntries([...answer.headers].filter(([name]) => !hopByHop.has(name))));
      response.end(payload);
    })().catch((error: unknown) => {
      response.destroy(error as Error);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
