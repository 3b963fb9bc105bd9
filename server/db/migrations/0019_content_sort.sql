CREATE INDEX "contents_sort_id_site_idx" ON "contents" USING btree ("site_id","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "contents_sort_id_column_idx" ON "contents" USING btree ("site_id","category_id","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "contents_sort_id_recycled_idx" ON "contents" USING btree ("site_id","id") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "contents_sort_published_at_site_idx" ON "contents" USING btree ("site_id","published_at" NULLS FIRST,"id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "contents_sort_published_at_column_idx" ON "contents" USING btree ("site_id","category_id","published_at" NULLS FIRST,"id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "contents_sort_published_at_recycled_idx" ON "contents" USING btree ("site_id","published_at" NULLS FIRST,"id") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "contents_sort_updated_at_site_idx" ON "contents" USING btree ("site_id","updated_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "contents_sort_updated_at_column_idx" ON "contents" USING btree ("site_id","category_id","updated_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "contents_sort_updated_at_recycled_idx" ON "contents" USING btree ("site_id","updated_at","id") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "contents_sort_views_site_idx" ON "contents" USING btree ("site_id","views","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "contents_sort_views_column_idx" ON "contents" USING btree ("site_id","category_id","views","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "contents_sort_views_recycled_idx" ON "contents" USING btree ("site_id","views","id") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "contents_sort_sort_site_idx" ON "contents" USING btree ("site_id","sort","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "contents_sort_sort_column_idx" ON "contents" USING btree ("site_id","category_id","sort","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "contents_sort_sort_recycled_idx" ON "contents" USING btree ("site_id","sort","id") WHERE deleted_at is not null;