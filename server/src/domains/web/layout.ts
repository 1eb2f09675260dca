import { createHash } from 'node:crypto';
import { csrfFieldName } from './csrf.js';
import { html, SafeHtml } from './html.js';
import type { SignedInUser } from './sessions.js';

/** The one stylesheet, inline (no external assets); its hash is the only style the CSP allows. */
const stylesheet = `
:root { --ink: #1f2933; --muted: #52606d; --line: #d9e2ec; --accent: #2457c5; --danger: #b42318; --bg: #f4f6f9; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: var(--ink); background: var(--bg); }
header.bar { display: flex; justify-content: space-between; align-items: center; gap: 1rem; padding: .75rem 1.5rem; background: #fff; border-bottom: 1px solid var(--line); }
header.bar .brand { font-weight: 700; letter-spacing: .02em; }
header.bar .who { display: flex; align-items: center; gap: .75rem; color: var(--muted); font-size: .9rem; }
main { max-width: 30rem; margin: 3rem auto; padding: 0 1rem; }
main.wide { max-width: 68rem; }
.card { background: #fff; border: 1px solid var(--line); border-radius: 12px; padding: 1.75rem; box-shadow: 0 1px 3px rgba(16, 24, 40, .06); margin-bottom: 1.5rem; }
h1 { font-size: 1.375rem; line-height: 1.3; margin: 0 0 1rem; }
h2 { font-size: 1.125rem; margin: 0 0 .75rem; }
p { margin: 0 0 .75rem; }
a { color: var(--accent); }
label { display: block; font-weight: 600; margin: 1rem 0 .375rem; }
input[type=text], input[type=password], textarea { width: 100%; padding: .625rem .75rem; border: 1px solid #bcccdc; border-radius: 8px; font: inherit; background: #fff; }
textarea { min-height: 4.5rem; }
input:focus, textarea:focus, button:focus { outline: 3px solid rgba(36, 87, 197, .35); outline-offset: 1px; }
button { font: inherit; font-weight: 600; border-radius: 8px; padding: .625rem 1.125rem; border: 1px solid transparent; cursor: pointer; }
button.primary { background: var(--accent); color: #fff; }
button.primary:hover { background: #1d479f; }
button.secondary { background: #fff; color: var(--ink); border-color: #bcccdc; }
button.danger { background: #fff; color: var(--danger); border-color: #f3b4ad; }
button.small { padding: .3rem .7rem; font-size: .875rem; }
.actions { display: flex; gap: .75rem; margin-top: 1.5rem; }
.actions button { flex: 1; }
.notice { padding: .75rem 1rem; border-radius: 8px; background: #eef4ff; border: 1px solid #c7d7fe; margin-bottom: 1rem; }
.notice.error { background: #fef3f2; border-color: #fecdca; color: var(--danger); }
.notice ul { margin: .25rem 0 0; padding-left: 1.25rem; }
ul.scopes { list-style: none; padding: 0; margin: .5rem 0 0; border: 1px solid var(--line); border-radius: 8px; }
ul.scopes li { padding: .625rem .875rem; border-top: 1px solid var(--line); }
ul.scopes li:first-child { border-top: 0; }
ul.scopes .what { display: block; color: var(--muted); font-size: .9rem; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .875em; background: #eef2f6; padding: .1em .35em; border-radius: 4px; overflow-wrap: anywhere; }
code.secret { display: block; padding: .75rem; font-size: 1rem; margin: .25rem 0 1rem; word-break: break-all; }
.muted { color: var(--muted); font-size: .9rem; }
.spaced { margin-top: 1rem; }
table { width: 100%; border-collapse: collapse; font-size: .95rem; }
th, td { text-align: left; padding: .625rem .5rem; border-top: 1px solid var(--line); vertical-align: top; }
th { font-size: .75rem; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); border-top: 0; }
td form { display: inline; }
fieldset { border: 0; padding: 0; margin: 1rem 0 0; }
legend { font-weight: 600; margin-bottom: .375rem; padding: 0; }
.checks label { display: inline-flex; align-items: center; gap: .375rem; font-weight: 400; margin: .25rem 1.25rem .25rem 0; }
`;

/** Written here, not interpolated from input: safe to put in the page as it is. */
const styleElementContent = new SafeHtml(stylesheet);

export const stylesheetHash = `'sha256-${createHash('sha256').update(stylesheet, 'utf8').digest('base64')}'`;

export interface PageInput {
  title: string;
  body: SafeHtml;
  wide?: boolean;
  /** Shown in the header, with a sign-out button (a form, so it carries the CSRF token). */
  signedIn?: { user: SignedInUser; csrfToken: string };
}

export function renderPage(input: PageInput): SafeHtml {
  const who = input.signedIn
    ? html`<div class="who"><span>Signed in as <strong>${input.signedIn.user.displayName ?? input.signedIn.user.name}</strong></span>
        <a href="/v1/ui/delegations">Agents</a>
        <a href="/v1/ui/password">Change password</a>
        <form method="post" action="/v1/ui/sign-out"><input type="hidden" name="${csrfFieldName}" value="${input.signedIn.csrfToken}"><button class="secondary small" type="submit">Sign out</button></form></div>`
    : html``;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${input.title} · acctl</title>
<link rel="icon" href="data:,">
<style>${styleElementContent}</style>
</head>
<body>
<header class="bar"><span class="brand">acctl</span>${who}</header>
<main class="${input.wide ? 'wide' : ''}">
${input.body}
</main>
</body>
</html>
`;
}
