CREATE TABLE "theme_file_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"folder" text NOT NULL,
	"path" text NOT NULL,
	"version" text NOT NULL,
	"content" text NOT NULL,
	"size" integer NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "theme_file_versions" ADD CONSTRAINT "theme_file_versions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_file_versions" ADD CONSTRAINT "theme_file_versions_author_id_admins_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "theme_file_versions_file_version_idx" ON "theme_file_versions" USING btree ("site_id","folder","path","version");--> statement-breakpoint
CREATE INDEX "theme_file_versions_file_order_idx" ON "theme_file_versions" USING btree ("site_id","folder","path","created_at","id");