import type { FastifyReply } from 'fastify';
import type { SafeHtml } from './html.js';
import { stylesheetHash } from './layout.js';

/**
 * Headers of every page. A strict CSP: nothing loads but the inline stylesheet (by hash), no
 * script at all, forms post only to this service (plus, on the consent page, the client's
 * redirect origin: Chrome applies form-action to the redirect that follows the POST), and no
 * site may frame a page (frame-ancestors, and X-Frame-Options for older browsers), which is what
 * keeps the consent page from being clickjacked. No Referer leaks a page's URL, which can carry
 * `state` or a return path, and nothing is cached.
 */
export function pageHeaders(formActionOrigins: readonly string[] = []): Record<string, string> {
  const formAction = ["'self'", ...formActionOrigins].join(' ');
  return {
    'content-security-policy': `default-src 'none'; style-src ${stylesheetHash}; img-src data:; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'cross-origin-opener-policy': 'same-origin',
    'cache-control': 'no-store',
  };
}

export function sendPage(
  reply: FastifyReply,
  page: SafeHtml,
  options: { status?: number; formActionOrigins?: readonly string[]; headers?: Record<string, string> } = {},
): FastifyReply {
  return reply
    .code(options.status ?? 200)
    .headers({ ...pageHeaders(options.formActionOrigins), ...options.headers })
    .type('text/html; charset=utf-8')
    .send(page.value);
}

/** 303 See Other: after a form POST the browser follows with a GET (RFC 9110 section 15.4.4). */
export function sendSeeOther(reply: FastifyReply, location: string): FastifyReply {
  return reply.code(303).headers({ 'referrer-policy': 'no-referrer', 'cache-control': 'no-store' }).header('location', location).send();
}
