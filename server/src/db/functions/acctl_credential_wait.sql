-- acctl_credential_wait: the failure throttle's rule (security/failure-throttle.ts), in one place
-- for the steps that take a slot (acctl_credential_reserve, acctl_credential_failure), the one
-- that admits (acctl_credential_admit) and the token endpoints' cached read. Seconds until a name
-- may be tried from an address, 0 when it may be now:
-- - while the name is locked (credential_lockouts), until the lockout ends;
-- - when the pair (name, address) has `p_pair_max` attempts in the window, until the oldest of
--   them leaves it;
-- - when the name has `p_account_max` attempts in the window from all addresses, counted since
--   its last lockout ended, until the oldest of them leaves it.
-- An attempt is a row of credential_attempts: failed, or still being checked.
-- A known address (credential_known_addresses: the pair succeeded within a day) keeps its own
-- budget: the lockout and the ceiling do not refuse it, and attempts from known addresses do not
-- count towards the ceiling, so guessers elsewhere cannot lock the owner out of where it works from.
CREATE OR REPLACE FUNCTION acctl_credential_wait(
  p_account_key text, p_pair_key text, p_now timestamptz, p_window_seconds integer, p_pair_max integer, p_account_max integer)
RETURNS integer
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_window interval := make_interval(secs => p_window_seconds);
  v_locked_until timestamptz;
  v_oldest timestamptz;
  v_wait double precision := 0;
  v_known boolean;
BEGIN
  v_known := EXISTS (SELECT 1 FROM credential_known_addresses k WHERE k.pair_key = p_pair_key AND k.succeeded_at > p_now - interval '1 day');
  SELECT l.locked_until INTO v_locked_until FROM credential_lockouts l WHERE l.account_key = p_account_key;
  IF v_locked_until > p_now AND NOT v_known THEN
    RETURN greatest(1, ceil(extract(epoch FROM v_locked_until - p_now)))::integer;
  END IF;
  SELECT a.attempted_at INTO v_oldest FROM credential_attempts a
  WHERE a.pair_key = p_pair_key AND a.attempted_at > p_now - v_window
  ORDER BY a.attempted_at DESC OFFSET p_pair_max - 1 LIMIT 1;
  IF FOUND THEN
    v_wait := greatest(v_wait, extract(epoch FROM v_oldest + v_window - p_now));
  END IF;
  IF v_known THEN
    RETURN CASE WHEN v_wait > 0 THEN greatest(1, ceil(v_wait))::integer ELSE 0 END;
  END IF;
  SELECT a.attempted_at INTO v_oldest FROM credential_attempts a
  WHERE a.account_key = p_account_key AND a.attempted_at > greatest(p_now - v_window, coalesce(v_locked_until, '-infinity'))
    AND NOT EXISTS (SELECT 1 FROM credential_known_addresses k WHERE k.pair_key = a.pair_key AND k.succeeded_at > p_now - interval '1 day')
  ORDER BY a.attempted_at DESC OFFSET p_account_max - 1 LIMIT 1;
  IF FOUND THEN
    v_wait := greatest(v_wait, extract(epoch FROM v_oldest + v_window - p_now));
  END IF;
  RETURN CASE WHEN v_wait > 0 THEN greatest(1, ceil(v_wait))::integer ELSE 0 END;
END
$$;
