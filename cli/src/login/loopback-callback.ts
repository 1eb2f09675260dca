import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CommandError } from '../../../kit/src/index.js';
import { sameState } from './pkce.js';

export interface LoopbackCallback {
  /** http://127.0.0.1:<port>/callback, the redirect_uri of this login. */
  redirectUri: string;
  /** Resolves with the authorization code once the browser comes back with it. */
  code: Promise<string>;
  close(): Promise<void>;
}

const page = (title: string, text: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>acctl: ${title}</title></head><body style="font-family:sans-serif;margin:3em"><h1>${title}</h1><p>${text}</p></body></html>`;

/**
 * RFC 8252 section 7.3: a listener on the loopback interface, on a port the OS picks, that takes
 * one redirect. The state is checked before anything else (RFC 6749 section 10.12), then the issuer (RFC 9207); an error
 * answer (access_denied) ends the login; requests for other paths get 404 and change nothing.
 */
export async function listenForCallback(options: { state: string; timeoutSeconds: number; issuer: string }): Promise<LoopbackCallback> {
  let settle!: { resolve: (code: string) => void; reject: (error: Error) => void };
  const code = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  code.catch(() => undefined);
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method !== 'GET' || url.pathname !== '/callback') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const answer = (status: number, title: string, text: string): void => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', connection: 'close' }).end(page(title, text));
    };
    if (!sameState(options.state, url.searchParams.get('state'))) {
      answer(400, 'Sign-in failed', 'This answer does not belong to the acctl login that is waiting. You can close this tab.');
      settle.reject(
        new CommandError('auth_error', 'The authorization answer carried the wrong state: it does not belong to this login', {
          suggestions: ['Run acctl login again'],
        }),
      );
      return;
    }
    // RFC 9207: the answer names the server that issued it, so an answer from another authorization
    // server (a mix-up attack) is refused before its code is sent anywhere.
    if (url.searchParams.get('iss') !== options.issuer) {
      answer(400, 'Sign-in failed', 'This answer comes from another server than the one acctl is signing in to. You can close this tab.');
      settle.reject(
        new CommandError('auth_error', `The authorization answer came from issuer ${JSON.stringify(url.searchParams.get('iss'))}, not ${options.issuer}`, {
          suggestions: ['Run acctl login again'],
        }),
      );
      return;
    }
    const error = url.searchParams.get('error');
    if (error) {
      answer(200, 'Sign-in cancelled', 'acctl was not given access. You can close this tab.');
      const description = url.searchParams.get('error_description');
      const message =
        error === 'access_denied'
          ? 'Access was denied in the browser: acctl is not signed in'
          : `The server refused the sign-in: ${error}${description ? `: ${description}` : ''}`;
      settle.reject(new CommandError('auth_error', message, { suggestions: ['Run acctl login again and approve the request'] }));
      return;
    }
    const received = url.searchParams.get('code');
    if (!received) {
      answer(400, 'Sign-in failed', 'The answer carried no authorization code. You can close this tab.');
      settle.reject(new CommandError('auth_error', 'The authorization answer carried no code'));
      return;
    }
    answer(200, 'Signed in', 'acctl is signed in. You can close this tab.');
    settle.resolve(received);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const timer = setTimeout(() => {
    settle.reject(
      new CommandError('auth_error', `Timed out after ${options.timeoutSeconds} s waiting for the browser to finish signing in`, {
        suggestions: ['Run acctl login again (--timeout sets the wait in seconds)'],
      }),
    );
  }, options.timeoutSeconds * 1000);
  const { port } = server.address() as AddressInfo;
  return {
    redirectUri: `http://127.0.0.1:${port}/callback`,
    code,
    close: async () => {
      clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
