import type { OAuthClientRow } from '../domains/oauth/clients-repo.js';
import type { EventType } from './catalog.js';
import { changeEvent } from './event.js';
import type { ChangeContext, DomainEvent } from './types.js';

/** An OAuth client as its events show it: never its secret, nor the secret's hash. */
export function oauthClientSnapshot(row: OAuthClientRow): Record<string, unknown> {
  return {
    client_id: row.client_id,
    name: row.name,
    client_type: row.client_type,
    grant_types: row.grant_types,
    redirect_uris: row.redirect_uris,
    allowed_scopes: row.allowed_scopes,
    created_by: row.created_by,
    created_at: row.created_at,
    secret_rotated_at: row.secret_rotated_at,
  };
}

/** client.created, client.deleted or client.secret_rotated, for the CLI and the dashboard alike. */
export function oauthClientEvent(context: ChangeContext, type: Extract<EventType, `client.${string}`>, before: OAuthClientRow | null, after: OAuthClientRow | null): DomainEvent {
  const clientId = (after ?? before)!.client_id;
  return changeEvent(context, type, { type: 'oauth_client', id: clientId }, { before: before && oauthClientSnapshot(before), after: after && oauthClientSnapshot(after) });
}
