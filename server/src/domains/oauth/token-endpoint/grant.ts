import type { Knex } from 'knex';
import type { AuditLog } from '../../audit/index.js';
import type { EventRequest } from '../../../events/types.js';
import type { SigningKeyStore } from '../../../keys/signing-key-store.js';
import type { ClientAuthLookup } from '../client-auth-cache.js';
import type { ClientKeys } from '../client-keys.js';
import type { OAuthClientRow } from '../clients-repo.js';
import type { OAuthTokenRequest, OAuthTokenResponse } from '../../../../../core/src/index.js';

export interface GrantContext {
  db: Knex;
  /** Clients and the client-authentication throttle, as of this request (ClientAuthCache). */
  clientAuth: ClientAuthLookup;
  keys: SigningKeyStore;
  /** private_key_jwt clients' public keys (client-keys.ts). */
  clientKeys: ClientKeys;
  issuer: string;
  /** The APIs tokens may be asked for (RFC 8707, knownResources): this server's own first. */
  resources: readonly string[];
  accessTokenTtlSeconds: number;
  /** config.maxDelegationDepth: how many actors a token exchange may nest. */
  maxDelegationDepth: number;
  now: Date;
  /** Where the request came from, for its events. */
  request: EventRequest;
  /** Records the events that have no transaction of their own: auth.failed, and auth.token_issued of client_credentials. */
  auditLog: Pick<AuditLog, 'append' | 'appendInBackground'>;
  /** RFC 9449: the thumbprint of the key this request's DPoP proof proved, its tokens' `cnf.jkt`. */
  jkt?: string;
}

export type GrantHandler = (context: GrantContext, client: OAuthClientRow, params: OAuthTokenRequest) => Promise<OAuthTokenResponse>;
