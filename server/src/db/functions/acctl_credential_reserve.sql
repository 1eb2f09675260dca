-- acctl_credential_reserve: a slot for one attempt, taken before the password is checked, or the
-- seconds to wait (security/failure-throttle.ts, reserveAttempt). The transaction-scoped advisory
-- lock of the name (namespace 1668441444, 'cred') serialises the slots of one name on every
-- replica, for the statement only: the rule (acctl_credential_wait) reads with a snapshot taken
-- after the lock, so it sees the slots the previous holder took, and parallel attempts cannot all
-- see the same free slot. Lock order: this advisory lock, then credential_attempts and
-- credential_lockouts rows, then (a trigger) the change_generations row.
CREATE OR REPLACE FUNCTION acctl_credential_reserve(
  p_throttle text, p_account_key text, p_pair_key text, p_now timestamptz, p_window_seconds integer, p_pair_max integer, p_account_max integer)
RETURNS TABLE (attempt_id bigint, retry_after_seconds integer)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(1668441444, hashtext(p_account_key));
  retry_after_seconds := acctl_credential_wait(p_account_key, p_pair_key, p_now, p_window_seconds, p_pair_max, p_account_max);
  IF retry_after_seconds = 0 THEN
    INSERT INTO credential_attempts (throttle, account_key, pair_key, attempted_at, failed)
    VALUES (p_throttle, p_account_key, p_pair_key, p_now, false)
    RETURNING id INTO attempt_id;
  END IF;
  RETURN NEXT;
END
$$;
