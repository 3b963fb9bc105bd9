CREATE TABLE "tag_counts" (
	"tag_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tag_counts_tag_id_category_id_pk" PRIMARY KEY("tag_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "site_versions" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_tags" ADD COLUMN "site_id" integer;--> statement-breakpoint
ALTER TABLE "content_tags" ADD COLUMN "category_id" integer;--> statement-breakpoint
ALTER TABLE "content_tags" ADD COLUMN "is_top" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "content_tags" ADD COLUMN "sort_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_tags" ADD COLUMN "live" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "content_tags_public_idx" ON "content_tags" USING btree ("tag_id","is_top","sort_at","content_id") WHERE live;--> statement-breakpoint
CREATE INDEX "content_tags_scheduled_idx" ON "content_tags" USING btree ("tag_id","sort_at") WHERE live;--> statement-breakpoint
-- Hand-written below (drizzle-kit generated the tables, columns and indexes above).
-- site_versions: every statement that writes a table some public page shows bumps the version of the sites
-- whose rows it touched (row 0: every site), in the writer's own transaction; the page cache
-- (server/public/pageCache.ts) serves a stored page only while its site's and row 0's versions are unchanged.
-- Sites are bumped in order (no deadlock between two writers).
CREATE FUNCTION site_versions_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO site_versions AS v (site_id, version)
    SELECT DISTINCT site_id, 1 FROM site_versions_new WHERE site_id IS NOT NULL ORDER BY 1
    ON CONFLICT (site_id) DO UPDATE SET version = v.version + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO site_versions AS v (site_id, version)
    SELECT DISTINCT site_id, 1 FROM site_versions_old WHERE site_id IS NOT NULL ORDER BY 1
    ON CONFLICT (site_id) DO UPDATE SET version = v.version + 1;
  ELSE
    INSERT INTO site_versions AS v (site_id, version)
    SELECT site_id, 1 FROM (SELECT site_id FROM site_versions_new UNION SELECT site_id FROM site_versions_old) touched
    WHERE site_id IS NOT NULL ORDER BY 1
    ON CONFLICT (site_id) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION site_versions_bump_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO site_versions AS v (site_id, version) VALUES (0, 1) ON CONFLICT (site_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER site_versions_insert AFTER INSERT ON categories REFERENCING NEW TABLE AS site_versions_new
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_update AFTER UPDATE ON categories REFERENCING OLD TABLE AS site_versions_old NEW TABLE AS site_versions_new
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_delete AFTER DELETE ON categories REFERENCING OLD TABLE AS site_versions_old
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_truncate AFTER TRUNCATE ON categories FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump_all();
--> statement-breakpoint
CREATE TRIGGER site_versions_insert AFTER INSERT ON contents REFERENCING NEW TABLE AS site_versions_new
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_update AFTER UPDATE ON contents REFERENCING OLD TABLE AS site_versions_old NEW TABLE AS site_versions_new
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_delete AFTER DELETE ON contents REFERENCING OLD TABLE AS site_versions_old
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_truncate AFTER TRUNCATE ON contents FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump_all();
--> statement-breakpoint
CREATE TRIGGER site_versions_insert AFTER INSERT ON content_tags REFERENCING NEW TABLE AS site_versions_new
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_update AFTER UPDATE ON content_tags REFERENCING OLD TABLE AS site_versions_old NEW TABLE AS site_versions_new
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_delete AFTER DELETE ON content_tags REFERENCING OLD TABLE AS site_versions_old
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_truncate AFTER TRUNCATE ON content_tags FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump_all();
--> statement-breakpoint
CREATE TRIGGER site_versions_insert AFTER INSERT ON tags REFERENCING NEW TABLE AS site_versions_new
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_update AFTER UPDATE ON tags REFERENCING OLD TABLE AS site_versions_old NEW TABLE AS site_versions_new
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_delete AFTER DELETE ON tags REFERENCING OLD TABLE AS site_versions_old
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_truncate AFTER TRUNCATE ON tags FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump_all();
--> statement-breakpoint
CREATE TRIGGER site_versions_insert AFTER INSERT ON ads REFERENCING NEW TABLE AS site_versions_new
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_update AFTER UPDATE ON ads REFERENCING OLD TABLE AS site_versions_old NEW TABLE AS site_versions_new
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_delete AFTER DELETE ON ads REFERENCING OLD TABLE AS site_versions_old
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_truncate AFTER TRUNCATE ON ads FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump_all();
--> statement-breakpoint
CREATE TRIGGER site_versions_insert AFTER INSERT ON slides REFERENCING NEW TABLE AS site_versions_new
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_update AFTER UPDATE ON slides REFERENCING OLD TABLE AS site_versions_old NEW TABLE AS site_versions_new
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_delete AFTER DELETE ON slides REFERENCING OLD TABLE AS site_versions_old
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_truncate AFTER TRUNCATE ON slides FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump_all();
--> statement-breakpoint
CREATE TRIGGER site_versions_insert AFTER INSERT ON slide_cates REFERENCING NEW TABLE AS site_versions_new
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_update AFTER UPDATE ON slide_cates REFERENCING OLD TABLE AS site_versions_old NEW TABLE AS site_versions_new
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_delete AFTER DELETE ON slide_cates REFERENCING OLD TABLE AS site_versions_old
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_truncate AFTER TRUNCATE ON slide_cates FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump_all();
--> statement-breakpoint
CREATE TRIGGER site_versions_insert AFTER INSERT ON nav_cates REFERENCING NEW TABLE AS site_versions_new
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_update AFTER UPDATE ON nav_cates REFERENCING OLD TABLE AS site_versions_old NEW TABLE AS site_versions_new
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_delete AFTER DELETE ON nav_cates REFERENCING OLD TABLE AS site_versions_old
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_truncate AFTER TRUNCATE ON nav_cates FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump_all();
--> statement-breakpoint
CREATE TRIGGER site_versions_insert AFTER INSERT ON nav_items REFERENCING NEW TABLE AS site_versions_new
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_update AFTER UPDATE ON nav_items REFERENCING OLD TABLE AS site_versions_old NEW TABLE AS site_versions_new
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_delete AFTER DELETE ON nav_items REFERENCING OLD TABLE AS site_versions_old
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_truncate AFTER TRUNCATE ON nav_items FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump_all();
--> statement-breakpoint
CREATE TRIGGER site_versions_insert AFTER INSERT ON friend_links REFERENCING NEW TABLE AS site_versions_new
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_update AFTER UPDATE ON friend_links REFERENCING OLD TABLE AS site_versions_old NEW TABLE AS site_versions_new
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_delete AFTER DELETE ON friend_links REFERENCING OLD TABLE AS site_versions_old
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_truncate AFTER TRUNCATE ON friend_links FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump_all();
--> statement-breakpoint
CREATE TRIGGER site_versions_insert AFTER INSERT ON positions REFERENCING NEW TABLE AS site_versions_new
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_update AFTER UPDATE ON positions REFERENCING OLD TABLE AS site_versions_old NEW TABLE AS site_versions_new
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_delete AFTER DELETE ON positions REFERENCING OLD TABLE AS site_versions_old
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_truncate AFTER TRUNCATE ON positions FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump_all();
--> statement-breakpoint
CREATE TRIGGER site_versions_insert AFTER INSERT ON position_cates REFERENCING NEW TABLE AS site_versions_new
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_update AFTER UPDATE ON position_cates REFERENCING OLD TABLE AS site_versions_old NEW TABLE AS site_versions_new
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_delete AFTER DELETE ON position_cates REFERENCING OLD TABLE AS site_versions_old
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_truncate AFTER TRUNCATE ON position_cates FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump_all();
--> statement-breakpoint
CREATE TRIGGER site_versions_insert AFTER INSERT ON position_cities REFERENCING NEW TABLE AS site_versions_new
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_update AFTER UPDATE ON position_cities REFERENCING OLD TABLE AS site_versions_old NEW TABLE AS site_versions_new
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_delete AFTER DELETE ON position_cities REFERENCING OLD TABLE AS site_versions_old
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_truncate AFTER TRUNCATE ON position_cities FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump_all();
--> statement-breakpoint
CREATE TRIGGER site_versions_insert AFTER INSERT ON forms REFERENCING NEW TABLE AS site_versions_new
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_update AFTER UPDATE ON forms REFERENCING OLD TABLE AS site_versions_old NEW TABLE AS site_versions_new
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_delete AFTER DELETE ON forms REFERENCING OLD TABLE AS site_versions_old
  FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump();
--> statement-breakpoint
CREATE TRIGGER site_versions_truncate AFTER TRUNCATE ON forms FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump_all();
--> statement-breakpoint
CREATE TRIGGER site_versions_all AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sites FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump_all();
--> statement-breakpoint
CREATE TRIGGER site_versions_all AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump_all();
--> statement-breakpoint
CREATE TRIGGER site_versions_all AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON plugins FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump_all();
--> statement-breakpoint
CREATE TRIGGER site_versions_all AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON plugin_events FOR EACH STATEMENT EXECUTE FUNCTION site_versions_bump_all();
--> statement-breakpoint
-- content_tags carries its item's public order keys (site, column, pinned, coalesce(published_at, created_at),
-- live = status 1 and not recycled): filled on insert, followed on every contents update, so a tag page is one
-- read of content_tags_public_idx.
CREATE FUNCTION content_tags_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c.site_id, c.category_id, c.is_top, coalesce(c.published_at, c.created_at), c.status = 1 AND c.deleted_at IS NULL
    INTO NEW.site_id, NEW.category_id, NEW.is_top, NEW.sort_at, NEW.live
    FROM contents c WHERE c.id = NEW.content_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER content_tags_fill BEFORE INSERT OR UPDATE OF content_id ON content_tags FOR EACH ROW EXECUTE FUNCTION content_tags_fill();
--> statement-breakpoint
CREATE FUNCTION content_tags_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE content_tags ct
  SET site_id = n.site_id, category_id = n.category_id, is_top = n.is_top, sort_at = coalesce(n.published_at, n.created_at),
    live = (n.status = 1 AND n.deleted_at IS NULL)
  FROM content_tags_src n
  WHERE ct.content_id = n.id
    AND (ct.site_id, ct.category_id, ct.is_top, ct.sort_at, ct.live)
      IS DISTINCT FROM (n.site_id, n.category_id, n.is_top, coalesce(n.published_at, n.created_at), n.status = 1 AND n.deleted_at IS NULL);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER content_tags_follow AFTER UPDATE ON contents REFERENCING NEW TABLE AS content_tags_src
  FOR EACH STATEMENT EXECUTE FUNCTION content_tags_follow();
--> statement-breakpoint
-- tag_counts: live tagged items per (tag, column), kept as content_counts is (0011).
CREATE FUNCTION tag_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO tag_counts AS c (tag_id, category_id, n)
    SELECT tag_id, coalesce(category_id, 0), count(*)::int FROM tag_counts_new WHERE live
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (tag_id, category_id) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO tag_counts AS c (tag_id, category_id, n)
    SELECT tag_id, coalesce(category_id, 0), -count(*)::int FROM tag_counts_old WHERE live
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (tag_id, category_id) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO tag_counts AS c (tag_id, category_id, n)
    SELECT tag_id, category_id, sum(d)::int FROM (
      SELECT tag_id, coalesce(category_id, 0) AS category_id, 1 AS d FROM tag_counts_new WHERE live
      UNION ALL
      SELECT tag_id, coalesce(category_id, 0), -1 FROM tag_counts_old WHERE live
    ) moved
    GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
    ON CONFLICT (tag_id, category_id) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION tag_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM tag_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tag_counts_insert AFTER INSERT ON content_tags REFERENCING NEW TABLE AS tag_counts_new
  FOR EACH STATEMENT EXECUTE FUNCTION tag_counts_apply();
--> statement-breakpoint
CREATE TRIGGER tag_counts_update AFTER UPDATE ON content_tags REFERENCING OLD TABLE AS tag_counts_old NEW TABLE AS tag_counts_new
  FOR EACH STATEMENT EXECUTE FUNCTION tag_counts_apply();
--> statement-breakpoint
CREATE TRIGGER tag_counts_delete AFTER DELETE ON content_tags REFERENCING OLD TABLE AS tag_counts_old
  FOR EACH STATEMENT EXECUTE FUNCTION tag_counts_apply();
--> statement-breakpoint
CREATE TRIGGER tag_counts_truncate AFTER TRUNCATE ON content_tags FOR EACH STATEMENT EXECUTE FUNCTION tag_counts_clear();
--> statement-breakpoint
UPDATE content_tags ct
SET site_id = c.site_id, category_id = c.category_id, is_top = c.is_top, sort_at = coalesce(c.published_at, c.created_at),
  live = (c.status = 1 AND c.deleted_at IS NULL)
FROM contents c WHERE c.id = ct.content_id;
--> statement-breakpoint
DELETE FROM tag_counts;
--> statement-breakpoint
INSERT INTO tag_counts (tag_id, category_id, n)
SELECT tag_id, coalesce(category_id, 0), count(*)::int FROM content_tags WHERE live GROUP BY 1, 2;
