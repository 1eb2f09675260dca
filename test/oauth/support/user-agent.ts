import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createUser } from '../../../server/src/domains/principals/users.js';

/**
 * A browser without a browser: inject() requests that keep the cookies the pages set, and post
 * forms the way a browser does (application/x-www-form-urlencoded). Enough for HTTP-level tests of
 * the pages; test/browser drives real Chromium.
 */
export class PageAgent {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly options: { remoteAddress?: string } = {},
  ) {}

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await this.app.inject({
      ...options,
      ...(this.options.remoteAddress ? { remoteAddress: this.options.remoteAddress } : {}),
      headers: { ...(cookie ? { cookie } : {}), ...(options.headers ?? {}) },
    });
    const setCookie = response.headers['set-cookie'];
    for (const header of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair] = header.split(';');
      const equals = pair!.indexOf('=');
      const name = pair!.slice(0, equals);
      const value = pair!.slice(equals + 1);
      if (/Max-Age=0/i.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get(url: string): Promise<LightMyRequestResponse> {
    return this.request({ method: 'GET', url });
  }

  postForm(url: string, fields: Record<string, string | string[] | undefined>): Promise<LightMyRequestResponse> {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
    }
    return this.request({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: body.toString() });
  }
}

/** The value of a hidden (or any) input of a page, HTML entities decoded. */
export function inputValue(page: string, name: string): string {
  const match = new RegExp(`<input[^>]*\\bname="${name}"[^>]*\\bvalue="([^"]*)"`).exec(page);
  if (!match) throw new Error(`no input named ${name} in the page:\n${page}`);
  return match[1]!
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The text of the element with this id (the dashboard marks the client_id and secret for scripts). */
export function elementText(page: string, id: string): string {
  const match = new RegExp(`id="${id}">([^<]*)<`).exec(page);
  if (!match) throw new Error(`no element #${id} in:\n${page}`);
  return match[1]!;
}

export interface TestUser {
  id: string;
  username: string;
  password: string;
}

export async function createTestUser(app: FastifyInstance, options: { admin?: boolean } = {}): Promise<TestUser> {
  const username = `user-${randomBytes(4).toString('hex')}`;
  const password = `pw-${randomBytes(12).toString('hex')}`;
  const user = await createUser(app.db, { username, password, admin: options.admin ?? false, createdBy: 'test' });
  return { id: user.id, username, password };
}

/** Signs the agent in through the sign-in page; fails the test unless it is answered 303. */
export async function signIn(agent: PageAgent, user: TestUser): Promise<void> {
  const form = await agent.get('/v1/ui/sign-in');
  const response = await agent.postForm('/v1/ui/sign-in', {
    csrf_token: inputValue(form.body, 'csrf_token'),
    username: user.username,
    password: user.password,
    return_to: '/v1/ui/dashboard',
  });
  if (response.statusCode !== 303) throw new Error(`sign-in failed: ${response.statusCode}\n${response.body}`);
}

/** RFC 7636: a random verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizePath(params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.append(name, value);
  return `/v1/oauth/authorize?${query.toString()}`;
}

/** Opens the consent page for the request and submits `decision`; the answer of the POST. */
export async function decide(agent: PageAgent, params: Record<string, string | undefined>, decision: 'approve' | 'deny'): Promise<LightMyRequestResponse> {
  const consent = await agent.get(authorizePath(params));
  if (consent.statusCode !== 200)
    throw new Error(`expected the consent page, got ${consent.statusCode} ${String(consent.headers.location ?? '')}\n${consent.body}`);
  return agent.postForm('/v1/oauth/authorize', {
    csrf_token: inputValue(consent.body, 'csrf_token'),
    authorization_request: inputValue(consent.body, 'authorization_request'),
    decision,
  });
}

/** The query parameters of a redirect's Location. */
export function redirectParams(response: LightMyRequestResponse): URLSearchParams {
  const location = response.headers.location;
  if (typeof location !== 'string') throw new Error(`no Location header: ${response.statusCode}\n${response.body}`);
  return new URL(location).searchParams;
}

/** Approves the request and returns the code from the redirect. */
export async function authorizationCode(agent: PageAgent, params: Record<string, string | undefined>): Promise<string> {
  const response = await decide(agent, params, 'approve');
  const code = redirectParams(response).get('code');
  if (!code) throw new Error(`no code in ${String(response.headers.location)}`);
  return code;
}
