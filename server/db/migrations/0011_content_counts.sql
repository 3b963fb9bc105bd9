-- content_counts: rows of contents per (site, column, status, recycled), kept by statement triggers so every
-- writer (operations, imports, plugins, restore) keeps it exact inside its own transaction. An UPDATE that
-- moves no row between keys (an ordinary edit) writes nothing; keys are upserted in order (no deadlock
-- between two bulk writers).
CREATE FUNCTION content_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO content_counts AS c (site_id, category_id, status, recycled, n)
    SELECT site_id, category_id, status, deleted_at IS NOT NULL, count(*)::int FROM content_counts_new
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (site_id, category_id, status, recycled) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO content_counts AS c (site_id, category_id, status, recycled, n)
    SELECT site_id, category_id, status, deleted_at IS NOT NULL, -count(*)::int FROM content_counts_old
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (site_id, category_id, status, recycled) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO content_counts AS c (site_id, category_id, status, recycled, n)
    SELECT site_id, category_id, status, recycled, sum(d)::int FROM (
      SELECT site_id, category_id, status, deleted_at IS NOT NULL AS recycled, 1 AS d FROM content_counts_new
      UNION ALL
      SELECT site_id, category_id, status, deleted_at IS NOT NULL, -1 FROM content_counts_old
    ) moved
    GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (site_id, category_id, status, recycled) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION content_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM content_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER content_counts_insert AFTER INSERT ON contents REFERENCING NEW TABLE AS content_counts_new
  FOR EACH STATEMENT EXECUTE FUNCTION content_counts_apply();
--> statement-breakpoint
CREATE TRIGGER content_counts_update AFTER UPDATE ON contents REFERENCING OLD TABLE AS content_counts_old NEW TABLE AS content_counts_new
  FOR EACH STATEMENT EXECUTE FUNCTION content_counts_apply();
--> statement-breakpoint
CREATE TRIGGER content_counts_delete AFTER DELETE ON contents REFERENCING OLD TABLE AS content_counts_old
  FOR EACH STATEMENT EXECUTE FUNCTION content_counts_apply();
--> statement-breakpoint
CREATE TRIGGER content_counts_truncate AFTER TRUNCATE ON contents FOR EACH STATEMENT EXECUTE FUNCTION content_counts_clear();
--> statement-breakpoint
INSERT INTO content_counts (site_id, category_id, status, recycled, n)
SELECT site_id, category_id, status, deleted_at IS NOT NULL, count(*)::int FROM contents GROUP BY 1, 2, 3, 4;
