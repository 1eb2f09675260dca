/** Where the sign-in page sends the browser when no return path is given. */
export const defaultReturnPath = '/v1/ui/dashboard';

/**
 * The page to return to after signing in, accepted only as a path of this service's pages (the
 * authorization endpoint or /v1/ui/): anything else (another origin, `//host`, a backslash that
 * browsers read as a slash) would make sign-in an open redirector.
 */
export function safeReturnPath(value: string | undefined): string {
  if (value === undefined || value.length > 8000 || /[\\\s]/.test(value)) return defaultReturnPath;
  if (value === '/v1/oauth/authorize' || value.startsWith('/v1/oauth/authorize?') || value.startsWith('/v1/ui/')) return value;
  return defaultReturnPath;
}

export function signInPath(returnTo: string): string {
  return `/v1/ui/sign-in?${new URLSearchParams({ return_to: returnTo }).toString()}`;
}
