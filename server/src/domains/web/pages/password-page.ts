import { csrfFieldName } from '../csrf.js';
import { html, type SafeHtml } from '../html.js';
import { renderPage } from '../layout.js';
import type { SignedInUser } from '../sessions.js';

export interface PasswordPageInput {
  user: SignedInUser;
  csrfToken: string;
  error?: string;
}

/**
 * The signed-in user's own password change. Field names `current_password`, `new_password` and
 * `new_password_confirm` are stable (scripts and browser automation fill them in); the
 * autocomplete values let password managers tell the current password from the new one.
 */
export function renderPasswordPage(input: PasswordPageInput): SafeHtml {
  return renderPage({
    title: 'Change your password',
    signedIn: { user: input.user, csrfToken: input.csrfToken },
    body: html`<div class="card">
<h1>Change your password</h1>
${input.error ? html`<div class="notice error" role="alert" id="password-error">${input.error}</div>` : ''}
<form method="post" action="/v1/ui/password">
<input type="hidden" name="${csrfFieldName}" value="${input.csrfToken}">
<input type="text" name="username" value="${input.user.name}" autocomplete="username" hidden readonly>
<label for="current_password">Current password</label>
<input type="password" id="current_password" name="current_password" autocomplete="current-password" required autofocus>
<label for="new_password">New password <span class="muted">(12 characters or more)</span></label>
<input type="password" id="new_password" name="new_password" autocomplete="new-password" minlength="12" maxlength="1024" required>
<label for="new_password_confirm">New password again</label>
<input type="password" id="new_password_confirm" name="new_password_confirm" autocomplete="new-password" minlength="12" maxlength="1024" required>
<div class="actions"><button class="primary" type="submit">Change password</button></div>
</form>
<p class="muted spaced">Your other browser sessions end when the password changes.</p>
</div>`,
  });
}
