import { scopeDescriptions } from '../../meta/index.js';
import { csrfFieldName } from '../csrf.js';
import { html, type SafeHtml } from '../html.js';
import { renderPage } from '../layout.js';
import type { SignedInUser } from '../sessions.js';

export interface ConsentPageInput {
  user: SignedInUser;
  csrfToken: string;
  client: { id: string; name: string };
  granted: readonly string[];
  withheld: readonly string[];
  /** Where the browser goes afterwards: the origin of the redirect URI, so a person can spot a stranger. */
  redirectOrigin: string;
  /** RFC 8707: the other API the tokens will be for, named so the user sees where they can be used; undefined for acctl's own. */
  resource: string | undefined;
  /** The authorization request, sent back with the decision (authorization-request-field.ts). */
  authorizationRequest: string;
}

/**
 * The consent page. The submit buttons are `name="decision"` with the values `approve` and `deny`
 * (stable, README). Deny comes first, so pressing Enter denies.
 */
export function renderConsentPage(input: ConsentPageInput): SafeHtml {
  return renderPage({
    title: `Authorize ${input.client.name}`,
    signedIn: { user: input.user, csrfToken: input.csrfToken },
    body: html`<div class="card">
<h1>Allow <span id="client-name">${input.client.name}</span> to use acctl as you?</h1>
<p class="muted">The application <code>${input.client.id}</code> asks for these permissions${input.resource === undefined ? '' : html`, to use at <code id="resource">${input.resource}</code>`}:</p>
<ul class="scopes" id="scopes">
${input.granted.map((scope) => html`<li><code>${scope}</code><span class="what">${scopeDescriptions[scope] ?? ''}</span></li>`)}
</ul>
${
  input.withheld.length > 0
    ? html`<div class="notice spaced">Not granted, because only administrators may grant ${input.withheld.length === 1 ? 'it' : 'them'}: ${input.withheld.map((scope, index) => html`${index > 0 ? ', ' : ''}<code>${scope}</code>`)}.</div>`
    : ''
}
<p class="muted spaced">After you decide, you will be sent back to <code>${input.redirectOrigin}</code>.</p>
<form method="post" action="/v1/oauth/authorize">
<input type="hidden" name="${csrfFieldName}" value="${input.csrfToken}">
<input type="hidden" name="authorization_request" value="${input.authorizationRequest}">
<div class="actions">
<button class="secondary" type="submit" name="decision" value="deny">Deny</button>
<button class="primary" type="submit" name="decision" value="approve">Approve</button>
</div>
</form>
</div>`,
  });
}
