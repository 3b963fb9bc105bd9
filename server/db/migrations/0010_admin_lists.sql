CREATE TABLE "content_counts" (
	"site_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"status" integer NOT NULL,
	"recycled" boolean NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "content_counts_site_id_category_id_status_recycled_pk" PRIMARY KEY("site_id","category_id","status","recycled")
);
--> statement-breakpoint
CREATE INDEX "login_logs_success_idx" ON "login_logs" USING btree ("success","id");--> statement-breakpoint
CREATE INDEX "opt_logs_type_idx" ON "opt_logs" USING btree ("content_type","id");--> statement-breakpoint
CREATE INDEX "contents_admin_site_idx" ON "contents" USING btree ("site_id","is_top","created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "contents_admin_column_idx" ON "contents" USING btree ("site_id","category_id","is_top","created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "contents_admin_status_idx" ON "contents" USING btree ("site_id","status","is_top","created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "contents_admin_column_status_idx" ON "contents" USING btree ("site_id","category_id","status","is_top","created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "contents_admin_recycled_idx" ON "contents" USING btree ("site_id","is_top","created_at","id") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "attachments_list_idx" ON "attachments" USING btree ("site_id","created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "attachments_list_cate_idx" ON "attachments" USING btree ("site_id","cate_id","created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "attachments_list_type_idx" ON "attachments" USING btree ("site_id","type","created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "inquiries_site_status_idx" ON "inquiries" USING btree ("site_id","status","id") WHERE deleted_at is null;