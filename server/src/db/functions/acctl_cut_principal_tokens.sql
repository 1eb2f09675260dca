-- Tokens follow their principal, whatever path changes it (the REST API, the dashboard, `acctl
-- server ...` commands writing to the database): a row trigger on principals writes
-- token_owner_cutoffs in the transaction of the change. Leaving `active` (disabled, deleted)
-- suspends every token of the principal and ends its browser sessions (the principals service
-- also revokes its refresh-token families, with their token.revoked events); coming back lifts
-- the suspension, and the cut at the time it left stays, so nothing from before revives. Losing
-- `is_admin: true` cuts its tokens (an admin:all token must not outlive its holder's admin status;
-- its refresh tokens narrow to what it may grant now, resolve-refresh-scopes.ts).
-- clock_timestamp(), not now(): the cut must fall after any token issued while the transaction ran.
CREATE OR REPLACE FUNCTION acctl_cut_principal_tokens() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;
