-- acctl_credential_failure: an attempt turned out wrong (security/failure-throttle.ts). With
-- `p_attempt_id`, the slot it reserved becomes a failure; without, the failure takes a slot only
-- if the rule still allows one, and otherwise nothing is written and the seconds to wait are
-- answered (the client secret's answer becomes 429, so parallel guesses learn at most the limit's
-- worth). Then the per-name ceiling: when the name's failures since its last lockout reach
-- `p_account_max` within the window, it is locked from every address for `p_lockout_seconds`,
-- doubled for each lockout in a row (one that starts less than a day after the last one ended),
-- at most `p_max_lockout_seconds`. A failure from a known address (credential_known_addresses)
-- counts for its pair only: the ceiling counts failures from addresses that have not
-- authenticated the name within a day. Under the name's advisory lock, as acctl_credential_reserve.
CREATE OR REPLACE FUNCTION acctl_credential_failure(
  p_throttle text, p_attempt_id bigint, p_account_key text, p_pair_key text, p_now timestamptz, p_window_seconds integer,
  p_pair_max integer, p_account_max integer, p_lockout_seconds integer, p_max_lockout_seconds integer)
RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_wait integer;
  v_locked_until timestamptz;
  v_in_a_row integer;
  v_failures integer;
BEGIN
  PERFORM pg_advisory_xact_lock(1668441444, hashtext(p_account_key));
  IF p_attempt_id IS NULL THEN
    v_wait := acctl_credential_wait(p_account_key, p_pair_key, p_now, p_window_seconds, p_pair_max, p_account_max);
    IF v_wait > 0 THEN
      RETURN v_wait;
    END IF;
    INSERT INTO credential_attempts (throttle, account_key, pair_key, attempted_at, failed) VALUES (p_throttle, p_account_key, p_pair_key, p_now, true);
  ELSE
    UPDATE credential_attempts SET failed = true WHERE id = p_attempt_id;
  END IF;
  SELECT l.locked_until, l.lockouts_in_a_row INTO v_locked_until, v_in_a_row FROM credential_lockouts l WHERE l.account_key = p_account_key;
  SELECT count(*) INTO v_failures FROM credential_attempts a
  WHERE a.account_key = p_account_key AND a.failed
    AND a.attempted_at > greatest(p_now - make_interval(secs => p_window_seconds), coalesce(v_locked_until, '-infinity'))
    AND NOT EXISTS (SELECT 1 FROM credential_known_addresses k WHERE k.pair_key = a.pair_key AND k.succeeded_at > p_now - interval '1 day');
  IF v_failures >= p_account_max THEN
    v_in_a_row := CASE WHEN v_locked_until > p_now - interval '1 day' THEN least(v_in_a_row + 1, 30) ELSE 1 END;
    INSERT INTO credential_lockouts (account_key, throttle, locked_until, lockouts_in_a_row)
    VALUES (p_account_key, p_throttle,
            p_now + make_interval(secs => least(p_lockout_seconds * 2.0 ^ (v_in_a_row - 1), p_max_lockout_seconds)::double precision), v_in_a_row)
    ON CONFLICT (account_key) DO UPDATE SET locked_until = EXCLUDED.locked_until, lockouts_in_a_row = EXCLUDED.lockouts_in_a_row;
  END IF;
  RETURN 0;
END
$$;
