import type { Knex } from 'knex';

/**
 * Tokens follow their owner, whatever path changes it (the REST API, the dashboard, `acctl
 * server ...` commands writing to the database): triggers on the owners' tables write
 * token_owner_cutoffs (migration 20261127_11) in the transaction of the change.
 * - principals: leaving `active` (disabled, deleted) suspends every token of the principal and
 *   ends its browser sessions (the principals service also revokes its refresh-token families,
 *   with their token.revoked events); coming back lifts the suspension, and the cut at the time
 *   it left stays, so nothing from before revives. Losing
 *   `is_admin: true` cuts its tokens (an admin:all token must not outlive its holder's admin
 *   status; its refresh tokens narrow to what it may grant now, resolve-refresh-scopes.ts).
 * - oauth_clients: a deleted client's tokens are suspended; a client created again with the same
 *   client_id gets none of them back.
 * clock_timestamp(), not now(): the cut must fall after any token issued while the transaction ran.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION acctl_cut_principal_tokens() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF OLD.status = 'active' AND NEW.status <> 'active' THEN
        -- Rows first, then the write that bumps the credentials counter (ARCHITECTURE.md, lock order).
        DELETE FROM web_sessions WHERE principal_id = NEW.id;
        INSERT INTO token_owner_cutoffs (owner_kind, owner_id, suspended, cut_at, reason)
          VALUES ('principal', NEW.id, true, clock_timestamp(), NEW.status)
          ON CONFLICT (owner_kind, owner_id) DO UPDATE SET suspended = true, cut_at = EXCLUDED.cut_at, reason = EXCLUDED.reason;
      ELSIF OLD.status <> 'active' AND NEW.status = 'active' THEN
        UPDATE token_owner_cutoffs SET suspended = false, reason = 'reenabled' WHERE owner_kind = 'principal' AND owner_id = NEW.id;
      END IF;
      IF OLD.attributes -> 'is_admin' = 'true'::jsonb AND NEW.attributes -> 'is_admin' IS DISTINCT FROM 'true'::jsonb THEN
        INSERT INTO token_owner_cutoffs (owner_kind, owner_id, suspended, cut_at, reason)
          VALUES ('principal', NEW.id, NEW.status <> 'active', clock_timestamp(), 'admin_revoked')
          ON CONFLICT (owner_kind, owner_id) DO UPDATE SET cut_at = EXCLUDED.cut_at, reason = EXCLUDED.reason;
      END IF;
      RETURN NULL;
    END
    $$`);
  await knex.raw('CREATE TRIGGER principals_cut_tokens AFTER UPDATE OF status, attributes ON principals FOR EACH ROW EXECUTE FUNCTION acctl_cut_principal_tokens()');
  await knex.raw(`
    CREATE FUNCTION acctl_cut_client_tokens() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        INSERT INTO token_owner_cutoffs (owner_kind, owner_id, suspended, cut_at, reason)
          VALUES ('client', OLD.client_id, true, clock_timestamp(), 'client_deleted')
          ON CONFLICT (owner_kind, owner_id) DO UPDATE SET suspended = true, cut_at = EXCLUDED.cut_at, reason = EXCLUDED.reason;
      ELSE
        UPDATE token_owner_cutoffs SET suspended = false, reason = 'client_recreated' WHERE owner_kind = 'client' AND owner_id = NEW.client_id AND suspended;
      END IF;
      RETURN NULL;
    END
    $$`);
  await knex.raw('CREATE TRIGGER oauth_clients_cut_tokens AFTER INSERT OR DELETE ON oauth_clients FOR EACH ROW EXECUTE FUNCTION acctl_cut_client_tokens()');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS oauth_clients_cut_tokens ON oauth_clients');
  await knex.raw('DROP FUNCTION IF EXISTS acctl_cut_client_tokens()');
  await knex.raw('DROP TRIGGER IF EXISTS principals_cut_tokens ON principals');
  await knex.raw('DROP FUNCTION IF EXISTS acctl_cut_principal_tokens()');
}
