-- Hand-written: every statement that changes site_versions (the triggers of 0013_page_cache, bumpSiteVersion)
-- notifies channel site_versions at its commit, so the page cache of every server process sharing this
-- PostgreSQL database hears of other processes' writes without reading the versions on each request
-- (server/public/pageCache.ts). One notification per transaction (identical ones are folded).
CREATE FUNCTION site_versions_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('site_versions', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER site_versions_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON site_versions
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_notify();
