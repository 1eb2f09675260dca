import { allScopes, registrableGrantTypes } from '../../../../../core/src/index.js';
import type { AgentChoice } from '../../../admin/index.js';
import type { ClientSummary } from '../../oauth/index.js';
import { csrfFieldName } from '../csrf.js';
import { html, type SafeHtml } from '../html.js';
import { renderPage } from '../layout.js';
import type { SignedInUser } from '../sessions.js';

/** What the registration form holds, to show it again with its problems. */
export interface RegistrationFormValues {
  name: string;
  clientType: 'confidential' | 'public';
  grantTypes: readonly string[];
  redirectUris: string;
  scopes: readonly string[];
  /** Policy owners (metadata.managed_by) the client may write, one per line; empty: not bound. */
  owners: string;
  /** The agent principal's id the client acts as; empty: none (docs/oauth.md, "Agents"). */
  agent: string;
  /** How a confidential client authenticates (RFC 7591 section 2): a secret, or a signed assertion (RFC 7523). */
  authMethod: 'client_secret_basic' | 'private_key_jwt';
  /** private_key_jwt: the public keys as JSON text, or the https URL they are fetched from. */
  jwks: string;
  jwksUri: string;
}

export const emptyRegistrationForm: RegistrationFormValues = {
  name: '',
  clientType: 'confidential',
  grantTypes: ['client_credentials'],
  redirectUris: '',
  scopes: [],
  owners: '',
  agent: '',
  authMethod: 'client_secret_basic',
  jwks: '',
  jwksUri: '',
};

export interface DashboardPageInput {
  user: SignedInUser;
  csrfToken: string;
  clients: readonly ClientSummary[];
  /** The active agent principals, for the "Acts as agent" select. */
  agents: readonly AgentChoice[];
  /** Clients the dashboard does not delete (the CLI's own client). */
  protectedClientIds: readonly string[];
  form: RegistrationFormValues;
  problems?: readonly string[];
  notice?: string;
}

/**
 * The administrators' dashboard: the registered OAuth clients, with a form to register one
 * (fields `name`, `client_type`, `grant_types`, `redirect_uris` one per line, `scopes`, `owners` one per line, `agent`,
 * `token_endpoint_auth_method` with `jwks` or `jwks_uri`), and per
 * client a button to rotate its secret and one to delete it, each to a confirmation page first (pages/confirm-client-page.ts).
 */
export function renderDashboardPage(input: DashboardPageInput): SafeHtml {
  const csrf = html`<input type="hidden" name="${csrfFieldName}" value="${input.csrfToken}">`;
  const agentNames = new Map(input.agents.map((agent) => [agent.id, agent.name]));
  const rows = input.clients.map(
    (client) => html`<tr data-client-id="${client.client_id}">
<td><strong>${client.name}</strong><br><code>${client.client_id}</code></td>
<td>${client.client_type}</td>
<td>${client.grant_types.join(', ')}</td>
<td>${client.redirect_uris.length > 0 ? client.redirect_uris.map((uri) => html`<code>${uri}</code><br>`) : html`<span class="muted">none</span>`}</td>
<td>${client.allowed_scopes.length > 0 ? client.allowed_scopes.map((scope) => html`<code>${scope}</code> `) : html`<span class="muted">none</span>`}</td>
<td>${client.owners ? client.owners.map((owner) => html`<code>${owner}</code> `) : html`<span class="muted">not bound</span>`}</td>
<td>${client.agent_principal_id ? html`<code>${agentNames.get(client.agent_principal_id) ?? client.agent_principal_id}</code>` : html`<span class="muted">none</span>`}</td>
<td class="muted">${client.created_at.slice(0, 10)}</td>
<td>
${client.client_type === 'confidential' ? html`<form method="get" action="/v1/ui/dashboard/clients/${encodeURIComponent(client.client_id)}/rotate-secret"><button class="secondary small" type="submit">Rotate secret…</button></form>` : ''}
${input.protectedClientIds.includes(client.client_id) ? html`<span class="muted">built in</span>` : html`<form method="get" action="/v1/ui/dashboard/clients/${encodeURIComponent(client.client_id)}/delete"><button class="danger small" type="submit">Delete…</button></form>`}
</td>
</tr>`,
  );
  const { form } = input;
  return renderPage({
    title: 'Dashboard',
    wide: true,
    signedIn: { user: input.user, csrfToken: input.csrfToken },
    body: html`${input.notice ? html`<div class="notice" role="status" id="notice">${input.notice}</div>` : ''}
<div class="card">
<h1>OAuth clients</h1>
<table id="clients">
<thead><tr><th>Name and client_id</th><th>Type</th><th>Grant types</th><th>Redirect URIs</th><th>Allowed scopes</th><th>Policy owners</th><th>Acts as agent</th><th>Created</th><th></th></tr></thead>
<tbody>${rows}</tbody>
</table>
</div>
<div class="card">
<h2>Register a client</h2>
${input.problems && input.problems.length > 0 ? html`<div class="notice error" role="alert" id="problems">The client was not registered:<ul>${input.problems.map((problem) => html`<li>${problem}</li>`)}</ul></div>` : ''}
<form method="post" action="/v1/ui/dashboard/clients">
${csrf}
<label for="name">Name</label>
<input type="text" id="name" name="name" value="${form.name}" maxlength="200" required>
<fieldset class="checks"><legend>Type</legend>
<label><input type="radio" name="client_type" value="confidential"${form.clientType === 'confidential' ? html` checked` : ''}> Confidential (has a secret)</label>
<label><input type="radio" name="client_type" value="public"${form.clientType === 'public' ? html` checked` : ''}> Public (browser or native app; PKCE, no secret)</label>
</fieldset>
<fieldset class="checks"><legend>Grant types</legend>
${registrableGrantTypes.map((grant) => html`<label><input type="checkbox" name="grant_types" value="${grant}"${form.grantTypes.includes(grant) ? html` checked` : ''}> <code>${grant}</code></label>`)}
</fieldset>
<label for="redirect_uris">Redirect URIs <span class="muted">(one per line; for authorization_code; https, or http on 127.0.0.1, [::1] or localhost)</span></label>
<textarea id="redirect_uris" name="redirect_uris" spellcheck="false">${form.redirectUris}</textarea>
<fieldset class="checks"><legend>Allowed scopes</legend>
${allScopes.map((scope) => html`<label><input type="checkbox" name="scopes" value="${scope}"${form.scopes.includes(scope) ? html` checked` : ''}> <code>${scope}</code></label>`)}
</fieldset>
<label for="owners">Policy owners <span class="muted">(one per line; the <code>managed_by</code> labels whose policies it may write; empty: any policy its scopes allow)</span></label>
<textarea id="owners" name="owners" spellcheck="false">${form.owners}</textarea>
<label for="agent">Acts as agent <span class="muted">(its client_credentials tokens carry this agent principal as subject; needs client_credentials, and no policy owners)</span></label>
<select id="agent" name="agent">
<option value=""${form.agent === '' ? html` selected` : ''}>None: the client is its own subject</option>
${input.agents.map((agent) => html`<option value="${agent.id}"${form.agent === agent.id ? html` selected` : ''}>${agent.name}</option>`)}
</select>
<fieldset class="checks"><legend>Authentication of a confidential client <span class="muted">(token_endpoint_auth_method)</span></legend>
<label><input type="radio" name="token_endpoint_auth_method" value="client_secret_basic"${form.authMethod === 'client_secret_basic' ? html` checked` : ''}> A secret (client_secret_basic)</label>
<label><input type="radio" name="token_endpoint_auth_method" value="private_key_jwt"${form.authMethod === 'private_key_jwt' ? html` checked` : ''}> A signed assertion with its key (private_key_jwt, RFC 7523): no secret</label>
</fieldset>
<label for="jwks">JWK Set <span class="muted">(private_key_jwt: the client's public keys as JSON, <code>{"keys": [...]}</code>; or leave empty and give a jwks_uri)</span></label>
<textarea id="jwks" name="jwks" spellcheck="false">${form.jwks}</textarea>
<label for="jwks_uri">jwks_uri <span class="muted">(private_key_jwt: the https URL the keys are fetched from)</span></label>
<input type="text" id="jwks_uri" name="jwks_uri" value="${form.jwksUri}" maxlength="2000" spellcheck="false">
<div class="actions"><button class="primary" type="submit">Register client</button></div>
</form>
</div>`,
  });
}

export interface ClientSecretPageInput {
  user: SignedInUser;
  csrfToken: string;
  heading: string;
  client: { id: string; name: string };
  /** Shown this once: the service keeps only its SHA-256. */
  secret: string | null;
  /** No secret because the client signs assertions with its key (private_key_jwt), not because it is public. */
  keyAuthenticated?: boolean;
}

/** After registering a client or rotating its secret: the secret, once. */
export function renderClientSecretPage(input: ClientSecretPageInput): SafeHtml {
  return renderPage({
    title: input.heading,
    signedIn: { user: input.user, csrfToken: input.csrfToken },
    body: html`<div class="card">
<h1>${input.heading}</h1>
<p><strong>${input.client.name}</strong></p>
<label>client_id</label>
<code class="secret" id="client-id">${input.client.id}</code>
${
  input.secret === null
    ? input.keyAuthenticated
      ? html`<p class="muted" id="key-authenticated">The client has no secret: it authenticates with private_key_jwt, an assertion signed by its key.</p>`
      : html`<p class="muted">A public client has no secret: it proves itself with PKCE.</p>`
    : html`<label>client_secret</label>
<code class="secret" id="client-secret">${input.secret}</code>
<div class="notice">Copy the secret now: it is shown only this once. acctl keeps only its hash.</div>`
}
<p><a href="/v1/ui/dashboard">Back to the dashboard</a></p>
</div>`,
  });
}
