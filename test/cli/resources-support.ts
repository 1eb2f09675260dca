import type { TestApp } from '../helpers/app.js';
import { accessToken, registerClient, type TestClient } from '../helpers/app.js';
import { runCli, type CliResult, type RunCliOptions } from './run-cli.js';

/** The server's origin, as a person sets ACCTL_SERVER (the CLI appends /v1). */
export function serverOrigin(t: TestApp): string {
  return t.baseUrl.replace(/\/v1$/, '');
}

/** Runs the CLI against the test server with a client's credentials in the environment. */
export function apiCli(
  t: TestApp,
  client: TestClient,
): (args: readonly string[], options?: Omit<RunCliOptions, 'env'> & { env?: Record<string, string | undefined> }) => Promise<CliResult> {
  return (args, options = {}) =>
    runCli(args, {
      ...options,
      env: { ACCTL_SERVER: serverOrigin(t), ACCTL_CLIENT_ID: client.clientId, ACCTL_CLIENT_SECRET: client.clientSecret, ...options.env },
    });
}

/** Calls the API in-process with a client's token (to set the scene without spawning the CLI). */
export async function apiAs(
  t: TestApp,
  scopes: string[],
): Promise<{ client: TestClient; call: (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) => Promise<any> }> {
  const client = await registerClient(t.app, scopes);
  const token = await accessToken(t.app, client, scopes.join(' '));
  return {
    client,
    call: async (method, url, payload) => {
      const response = await t.app.inject({
        method,
        url,
        payload: payload as Record<string, unknown> | undefined,
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
      return response.json();
    },
  };
}
