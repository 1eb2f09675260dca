import type { DelegationGrantSummary } from '../../oauth/index.js';
import { csrfFieldName } from '../csrf.js';
import { html, type SafeHtml } from '../html.js';
import { renderPage } from '../layout.js';
import type { SignedInUser } from '../sessions.js';

/** An agent the user may allow: an OAuth client registered for token exchange. */
export interface AgentClientChoice {
  clientId: string;
  name: string;
  allowedScopes: readonly string[];
}

/** What the grant form holds, to show it again with its problems. */
export interface DelegationFormValues {
  agentClientId: string;
  scopes: readonly string[];
  days: string;
}

export interface DelegationsPageInput {
  user: SignedInUser;
  csrfToken: string;
  agents: readonly AgentClientChoice[];
  /** The scopes the user may grant (oauth/user-consent-scopes.ts): the only ones offered. */
  grantableScopes: readonly string[];
  maxDays: number;
  form: DelegationFormValues;
  grants: readonly DelegationGrantSummary[];
  /** Administrators see every user's grants; a principal id narrows them to one user's. */
  everyUser: boolean;
  principalFilter?: string;
  page: number;
  hasNextPage: boolean;
  now: Date;
  problems?: readonly string[];
  notice?: string;
}

function grantState(grant: DelegationGrantSummary, now: Date): 'live' | 'revoked' | 'expired' {
  if (grant.revoked_at !== null) return 'revoked';
  return Date.parse(grant.expires_at) <= now.getTime() ? 'expired' : 'live';
}

/**
 * The signed-in user's consent to agents (issue #36): a form to allow an agent client to act for
 * them by token exchange (RFC 8693), with which scopes and until when, and their grants with a
 * revoke button each. Field names `agent_client_id`, `scopes` (repeated), `expires_in_days` are stable.
 */
export function renderDelegationsPage(input: DelegationsPageInput): SafeHtml {
  const csrf = html`<input type="hidden" name="${csrfFieldName}" value="${input.csrfToken}">`;
  const agentNames = new Map(input.agents.map((agent) => [agent.clientId, agent.name]));
  const rows = input.grants.map((grant) => {
    const state = grantState(grant, input.now);
    return html`<tr data-grant-id="${grant.id}" data-state="${state}">
${input.everyUser ? html`<td><code>${grant.principal_id}</code></td>` : ''}
<td><strong>${agentNames.get(grant.agent_client_id) ?? grant.agent_client_id}</strong><br><code>${grant.agent_client_id}</code></td>
<td>${grant.scopes.map((scope) => html`<code>${scope}</code> `)}</td>
<td class="muted">${grant.created_at.slice(0, 10)}</td>
<td class="muted">${grant.expires_at.slice(0, 16).replace('T', ' ')} UTC</td>
<td>${
      state === 'live'
        ? html`<form method="post" action="/v1/ui/delegations/${grant.id}/revoke">${csrf}<button class="danger small" type="submit">Revoke</button></form>`
        : html`<span class="muted">${state}</span>`
    }</td>
</tr>`;
  });
  const { form } = input;
  const pageLink = (page: number): string =>
    `/v1/ui/delegations?${new URLSearchParams({ ...(input.principalFilter ? { principal: input.principalFilter } : {}), page: String(page) }).toString()}`;
  return renderPage({
    title: 'Agents acting for you',
    wide: true,
    signedIn: { user: input.user, csrfToken: input.csrfToken },
    body: html`${input.notice ? html`<div class="notice" role="status" id="notice">${input.notice}</div>` : ''}
<div class="card">
<h1>${input.everyUser ? 'Delegation grants of every user' : 'Agents acting for you'}</h1>
<p class="muted">An agent with a grant may exchange your token for one that acts for you (RFC 8693), with at most the scopes granted, until the grant expires or is revoked. Revoking ends the tokens it already exchanged.</p>
${
  input.everyUser
    ? html`<form method="get" action="/v1/ui/delegations"><label for="principal">Only the grants of the principal (id)</label><input type="text" id="principal" name="principal" value="${input.principalFilter ?? ''}" maxlength="200"> <button class="secondary small" type="submit">Filter</button></form>`
    : ''
}
<table id="grants">
<thead><tr>${input.everyUser ? html`<th>User</th>` : ''}<th>Agent</th><th>Scopes</th><th>Granted</th><th>Until</th><th></th></tr></thead>
<tbody>${rows.length > 0 ? rows : html`<tr><td colspan="6" class="muted">No grants.</td></tr>`}</tbody>
</table>
<p class="spaced">${input.page > 1 ? html`<a href="${pageLink(input.page - 1)}">Newer</a> ` : ''}${input.hasNextPage ? html`<a href="${pageLink(input.page + 1)}">Older</a>` : ''}</p>
</div>
<div class="card">
<h2>Allow an agent to act for you</h2>
${input.problems && input.problems.length > 0 ? html`<div class="notice error" role="alert" id="problems">Nothing was granted:<ul>${input.problems.map((problem) => html`<li>${problem}</li>`)}</ul></div>` : ''}
${
  input.agents.length === 0
    ? html`<p class="muted">No agent is registered for token exchange yet.</p>`
    : html`<form method="post" action="/v1/ui/delegations">
${csrf}
<label for="agent_client_id">Agent</label>
<select id="agent_client_id" name="agent_client_id" required>
${input.agents.map((agent) => html`<option value="${agent.clientId}"${form.agentClientId === agent.clientId ? html` selected` : ''}>${agent.name} (${agent.clientId})</option>`)}
</select>
<fieldset class="checks"><legend>Scopes <span class="muted">(only those you hold and the agent is allowed)</span></legend>
${input.grantableScopes.map((scope) => html`<label><input type="checkbox" name="scopes" value="${scope}"${form.scopes.includes(scope) ? html` checked` : ''}> <code>${scope}</code></label>`)}
</fieldset>
<label for="expires_in_days">For how many days <span class="muted">(1 to ${input.maxDays}; granting the same agent again replaces its grant)</span></label>
<input type="text" inputmode="numeric" id="expires_in_days" name="expires_in_days" value="${form.days}" maxlength="4" required>
<div class="actions"><button class="primary" type="submit">Allow</button></div>
</form>`
}
</div>`,
  });
}
