import type { Knex } from 'knex';
import type { SigningKeyStore } from '../../../keys/signing-key-store.js';
import type { OAuthClientRow } from '../clients-repo.js';
import type { OAuthTokenRequest, OAuthTokenResponse } from '../../../generated/schema-types.js';

export interface GrantContext {
  db: Knex;
  keys: SigningKeyStore;
  issuer: string;
  accessTokenTtlSeconds: number;
  now: Date;
}

export type GrantHandler = (context: GrantContext, client: OAuthClientRow, params: OAuthTokenRequest) => Promise<OAuthTokenResponse>;
