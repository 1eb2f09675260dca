import { csrfFieldName } from '../csrf.js';
import { html, type SafeHtml } from '../html.js';
import { renderPage } from '../layout.js';

export interface SignInPageInput {
  csrfToken: string;
  returnTo: string;
  username?: string;
  error?: string;
  notice?: string;
}

/**
 * The sign-in form. Its field names `username` and `password` are stable (README): scripts and
 * browser automation fill them in.
 */
export function renderSignInPage(input: SignInPageInput): SafeHtml {
  return renderPage({
    title: 'Sign in',
    body: html`<div class="card">
<h1>Sign in to acctl</h1>
${input.notice ? html`<div class="notice" role="status">${input.notice}</div>` : ''}
${input.error ? html`<div class="notice error" role="alert" id="sign-in-error">${input.error}</div>` : ''}
<form method="post" action="/v1/ui/sign-in">
<input type="hidden" name="${csrfFieldName}" value="${input.csrfToken}">
<input type="hidden" name="return_to" value="${input.returnTo}">
<label for="username">Username</label>
<input type="text" id="username" name="username" value="${input.username ?? ''}" autocomplete="username" autocapitalize="none" spellcheck="false" required autofocus>
<label for="password">Password</label>
<input type="password" id="password" name="password" autocomplete="current-password" required>
<div class="actions"><button class="primary" type="submit">Sign in</button></div>
</form>
</div>`,
  });
}
