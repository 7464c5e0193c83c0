-- Every change to a session or a user is announced on the channel fc_principal_changed, at commit, to every
-- process on the database: each keeps the signed-in principals it has read in memory and forgets them all
-- when it hears this (apps/server/src/http/principal-cache.ts, decision 0980). Statement-level, so a bulk
-- update sends one notice; PostgreSQL folds the notices of one transaction into one.
CREATE FUNCTION fc_principal_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fc_principal_changed', '');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER sessions_principal_changed AFTER UPDATE OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION fc_principal_changed();--> statement-breakpoint
CREATE TRIGGER users_principal_changed AFTER UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION fc_principal_changed();
