import type { EventType } from '../../events/catalog.js';
import { changeEvent } from '../../events/event.js';
import type { ChangeContext, DomainEvent } from '../../events/types.js';
import { summarizeClient } from './client-summary.js';
import type { OAuthClientRow } from './clients-repo.js';

/** An OAuth client as its events show it: the same projection as the CLI's (never a secret). */
export function oauthClientSnapshot(row: OAuthClientRow): Record<string, unknown> {
  return { ...summarizeClient(row) };
}

/** client.created, client.deleted or client.secret_rotated, for the CLI and the dashboard alike. */
export function oauthClientEvent(
  context: ChangeContext,
  type: Extract<EventType, `client.${string}`>,
  before: OAuthClientRow | null,
  after: OAuthClientRow | null,
): DomainEvent {
  const clientId = (after ?? before)!.client_id;
  return changeEvent(
    context,
    type,
    { type: 'oauth_client', id: clientId },
    { before: before && oauthClientSnapshot(before), after: after && oauthClientSnapshot(after) },
  );
}
