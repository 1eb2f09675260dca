import type { ClientDependents } from '../../../admin/index.js';
import { csrfFieldName } from '../csrf.js';
import { html, type SafeHtml } from '../html.js';
import { renderPage } from '../layout.js';
import type { SignedInUser } from '../sessions.js';

export type ClientChange = 'delete' | 'rotate-secret';

export interface ConfirmClientPageInput {
  user: SignedInUser;
  csrfToken: string;
  change: ClientChange;
  dependents: ClientDependents;
}

/**
 * The step between a dashboard button and a change that cannot be undone (GitHub's "type the
 * name to delete" page, without the typing): what stops working, that there is no undo, and one
 * form that makes the change. Plain HTML, so it works without JavaScript; the form carries the
 * session's CSRF token and `confirm=yes`, without which the POST only shows this page again.
 */
export function renderConfirmClientPage(input: ConfirmClientPageInput): SafeHtml {
  const { client, apiTokens, userGrants } = input.dependents;
  const deleting = input.change === 'delete';
  const title = deleting ? 'Delete this client?' : "Rotate this client's secret?";
  const consequences = deleting
    ? [
        html`It can no longer get tokens, and the access tokens it holds stop working at once, on every replica.`,
        html`${apiTokens} API token${apiTokens === 1 ? '' : 's'} it made stop${apiTokens === 1 ? 's' : ''} working.`,
        html`${userGrants} user sign-in${userGrants === 1 ? '' : 's'} through it end${userGrants === 1 ? 's' : ''} (their refresh tokens stop working).`,
        ...(client.owners ? [html`It is bound to the policy owners ${client.owners.join(', ')}: their CI jobs using it stop applying.`] : []),
      ]
    : [
        html`The current secret stops working at once: every service using it fails to get tokens until it is given the new one.`,
        html`Access tokens already issued keep working until they expire; ${apiTokens} API token${apiTokens === 1 ? '' : 's'} it made keep working.`,
      ];
  const undo = deleting
    ? 'There is no undo: a client registered again gets a new client_id and secret, which every service using this one must be given.'
    : 'There is no undo: the old secret is not kept (only its hash was). The new one is shown once, on the next page.';
  const action = `/v1/ui/dashboard/clients/${encodeURIComponent(client.client_id)}/${input.change}`;
  return renderPage({
    title,
    signedIn: { user: input.user, csrfToken: input.csrfToken },
    body: html`<div class="card" id="confirm">
<h1>${title}</h1>
<p><strong>${client.name}</strong><br><code>${client.client_id}</code></p>
<ul id="consequences">${consequences.map((line) => html`<li>${line}</li>`)}</ul>
<div class="notice error" id="undo">${undo}</div>
<form method="post" action="${action}">
<input type="hidden" name="${csrfFieldName}" value="${input.csrfToken}">
<input type="hidden" name="confirm" value="yes">
<div class="actions"><button class="danger" type="submit">${deleting ? 'Delete the client' : 'Rotate the secret'}</button></div>
</form>
<p><a href="/v1/ui/dashboard">Cancel: back to the dashboard</a></p>
</div>`,
  });
}
