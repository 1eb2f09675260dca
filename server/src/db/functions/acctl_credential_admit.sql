-- acctl_credential_admit: whether an attempt whose credential turned out right may be let in, as
-- the seconds to wait (0: yes), decided under the name's advisory lock (as acctl_credential_reserve
-- and acctl_credential_failure), so it is ordered against every failure recorded with
-- acctl_credential_failure: a right client secret that comes after the limit's worth of wrong ones
-- is refused like them, however many arrive at once. Writes nothing.
CREATE OR REPLACE FUNCTION acctl_credential_admit(
  p_account_key text, p_pair_key text, p_now timestamptz, p_window_seconds integer, p_pair_max integer, p_account_max integer)
RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(1668441444, hashtext(p_account_key));
  RETURN acctl_credential_wait(p_account_key, p_pair_key, p_now, p_window_seconds, p_pair_max, p_account_max);
END
$$;
