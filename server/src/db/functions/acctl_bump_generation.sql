-- A statement trigger's function: bumps the counter of one kind of cached data (TG_ARGV[0], a row
-- of change_generations) in the transaction of the change, and NOTIFYs acctl_changes on commit.
-- Replicas LISTEN to refresh early, and compare counters before trusting their caches, so a missed
-- notification cannot leave a stale cache (plugins/change-feed.ts).
-- At most once per transaction and name (a transaction-local marker holding the transaction's id):
-- a change set writes policies with several statements but is one change, so a replica sees one
-- new generation for it, never one per statement (issue #23). A rolled-back savepoint takes its
-- marker back with its bump.
CREATE OR REPLACE FUNCTION acctl_bump_generation() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  marker text := 'acctl.generation_bumped_' || TG_ARGV[0];
  transaction_id text := txid_current()::text;
BEGIN
  IF current_setting(marker, true) IS DISTINCT FROM transaction_id THEN
    UPDATE change_generations SET generation = generation + 1 WHERE name = TG_ARGV[0];
    PERFORM set_config(marker, transaction_id, true);
    PERFORM pg_notify('acctl_changes', TG_ARGV[0]);
  END IF;
  RETURN NULL;
END
$$;
