-- Tokens follow their OAuth client, as acctl_cut_principal_tokens does for principals: a row
-- trigger on oauth_clients writes token_owner_cutoffs in the transaction of the change. A deleted
-- client's tokens are suspended; a client created again with the same client_id gets none of them
-- back. clock_timestamp(), not now(): the cut must fall after any token issued while the
-- transaction ran.
CREATE OR REPLACE FUNCTION acctl_cut_client_tokens() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;
