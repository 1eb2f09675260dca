export interface HttpAnswer<T = any> {
  status: number;
  headers: Headers;
  /** The body parsed as JSON when it is JSON, else its text. */
  body: T;
}

/**
 * One request over real HTTP, as a client on the network makes it (tests of several instances or
 * of a server process cannot use inject()). A JSON body is sent as JSON, URLSearchParams as a form.
 */
export async function httpCall<T = any>(
  url: string,
  options: { method?: string; token?: string; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<HttpAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | URLSearchParams | undefined;
  if (options.body instanceof URLSearchParams) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(url, { method: options.method ?? (body === undefined ? 'GET' : 'POST'), headers, body, signal: options.signal });
  const text = await response.text();
  const isJson = /json/.test(response.headers.get('content-type') ?? '') && text.length > 0;
  return { status: response.status, headers: response.headers, body: (isJson ? JSON.parse(text) : text) as T };
}

/** An access token from the token endpoint at `baseUrl` (…/v1), by client_credentials. */
export async function clientCredentialsToken(baseUrl: string, clientId: string, clientSecret: string, scope?: string): Promise<string> {
  const answer = await httpCall<{ access_token: string }>(`${baseUrl}/oauth/token`, {
    body: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, ...(scope ? { scope } : {}) },
  });
  if (answer.status !== 200) throw new Error(`token request failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.access_token;
}

export const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
