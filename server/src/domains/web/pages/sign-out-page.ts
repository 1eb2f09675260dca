import { csrfFieldName } from '../csrf.js';
import { html, type SafeHtml } from '../html.js';
import { renderPage } from '../layout.js';
import type { SignedInUser } from '../sessions.js';

/** Signing out is a POST (a link could be triggered by any site); this page holds its form. */
export function renderSignOutPage(input: { user: SignedInUser; csrfToken: string }): SafeHtml {
  return renderPage({
    title: 'Sign out',
    body: html`<div class="card">
<h1>Sign out of acctl?</h1>
<p>You are signed in as <strong>${input.user.displayName ?? input.user.name}</strong>. Signing out ends this session everywhere its cookie was used.</p>
<form method="post" action="/v1/ui/sign-out">
<input type="hidden" name="${csrfFieldName}" value="${input.csrfToken}">
<div class="actions"><button class="primary" type="submit">Sign out</button></div>
</form>
</div>`,
  });
}
