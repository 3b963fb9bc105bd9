CREATE TABLE "rate_counters" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_counters_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE INDEX "rate_counters_window_idx" ON "rate_counters" USING btree ("window_start");--> statement-breakpoint
-- Hand-written: every statement that changes what a signed-in session resolves to (a logout or revocation, an
-- admin's status, role or sites, a role's permissions or status) notifies channel sessions_changed at its commit,
-- so every server process sharing this PostgreSQL database drops the sessions it remembers
-- (server/operations/sessions.ts SessionMemory, heard by the listener in server/public/pageCache.ts).
CREATE FUNCTION sessions_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sessions_changed', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A session's own last-seen touch changes nothing another process remembers: only revocations notify.
CREATE TRIGGER sessions_changed_notify AFTER UPDATE ON sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at)
  EXECUTE FUNCTION sessions_changed_notify();
--> statement-breakpoint
CREATE TRIGGER sessions_removed_notify AFTER DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_notify();
--> statement-breakpoint
CREATE TRIGGER sessions_changed_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON admins
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_notify();
--> statement-breakpoint
CREATE TRIGGER sessions_changed_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_notify();
--> statement-breakpoint
CREATE TRIGGER sessions_changed_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON admin_sites
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_notify();
