-- A statement trigger's function: bumps the counter of one kind of cached data (TG_ARGV[0], a row
-- of change_generations) in the transaction of the change, and NOTIFYs acctl_changes on commit.
-- Replicas LISTEN to refresh early, and compare counters before trusting their caches, so a missed
-- notification cannot leave a stale cache (plugins/change-feed.ts).
CREATE OR REPLACE FUNCTION acctl_bump_generation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE change_generations SET generation = generation + 1 WHERE name = TG_ARGV[0];
  PERFORM pg_notify('acctl_changes', TG_ARGV[0]);
  RETURN NULL;
END
$$;
