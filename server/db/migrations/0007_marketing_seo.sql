CREATE TABLE "posters" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"format" text DEFAULT 'png' NOT NULL,
	"quality" integer DEFAULT 90 NOT NULL,
	"background_type" text DEFAULT 'image' NOT NULL,
	"background_image" text DEFAULT '' NOT NULL,
	"background_color" text DEFAULT '#ffffff' NOT NULL,
	"elements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"image_attachment_id" integer,
	"image_url" text DEFAULT '' NOT NULL,
	"rendered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer
);
--> statement-breakpoint
CREATE TABLE "friend_link_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"link_id" integer NOT NULL,
	"status" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "friend_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"link_type" integer DEFAULT 1 NOT NULL,
	"site_type" integer DEFAULT 1 NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	"pr" integer DEFAULT 0 NOT NULL,
	"deadline" text DEFAULT '' NOT NULL,
	"platform" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"adder" text DEFAULT '' NOT NULL,
	"jump" integer DEFAULT 2 NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"anchor" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"last_check" text DEFAULT '' NOT NULL,
	"last_checked_at" timestamp with time zone,
	"missing_streak" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer
);
--> statement-breakpoint
CREATE TABLE "seo_report_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"event" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seo_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"job_id" integer,
	"created_by" integer NOT NULL,
	"state" text DEFAULT 'testing' NOT NULL,
	"checked" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"score" integer,
	"pages" integer DEFAULT 0 NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"findings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "keyword_ranks" (
	"id" serial PRIMARY KEY NOT NULL,
	"keyword_id" integer NOT NULL,
	"engine" text NOT NULL,
	"position" integer,
	"url" text DEFAULT '' NOT NULL,
	"indexed" integer,
	"error" text DEFAULT '' NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rank_settings" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"engine" text DEFAULT 'baidu' NOT NULL,
	"url_template" text DEFAULT '' NOT NULL,
	"api_key" text DEFAULT '' NOT NULL,
	"results_path" text DEFAULT '' NOT NULL,
	"result_url_path" text DEFAULT '' NOT NULL,
	"result_position_path" text DEFAULT '' NOT NULL,
	"position_path" text DEFAULT '' NOT NULL,
	"url_path" text DEFAULT '' NOT NULL,
	"indexed_path" text DEFAULT '' NOT NULL,
	"interval_hours" integer DEFAULT 24 NOT NULL,
	"last_run_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_keywords" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"link" text NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	"link_count" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"inner_link" boolean DEFAULT false NOT NULL,
	"position" integer,
	"result_url" text DEFAULT '' NOT NULL,
	"indexed" integer,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "posters" ADD CONSTRAINT "posters_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posters" ADD CONSTRAINT "posters_image_attachment_id_attachments_id_fk" FOREIGN KEY ("image_attachment_id") REFERENCES "public"."attachments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_link_checks" ADD CONSTRAINT "friend_link_checks_link_id_friend_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."friend_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_links" ADD CONSTRAINT "friend_links_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_report_events" ADD CONSTRAINT "seo_report_events_report_id_seo_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."seo_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_reports" ADD CONSTRAINT "seo_reports_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keyword_ranks" ADD CONSTRAINT "keyword_ranks_keyword_id_site_keywords_id_fk" FOREIGN KEY ("keyword_id") REFERENCES "public"."site_keywords"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_settings" ADD CONSTRAINT "rank_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_keywords" ADD CONSTRAINT "site_keywords_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posters_site_idx" ON "posters" USING btree ("site_id","id");--> statement-breakpoint
CREATE INDEX "friend_link_checks_link_idx" ON "friend_link_checks" USING btree ("link_id","id");--> statement-breakpoint
CREATE INDEX "friend_links_site_sort_idx" ON "friend_links" USING btree ("site_id","sort","id");--> statement-breakpoint
CREATE INDEX "seo_report_events_report_idx" ON "seo_report_events" USING btree ("report_id","id");--> statement-breakpoint
CREATE INDEX "seo_reports_site_idx" ON "seo_reports" USING btree ("site_id","id");--> statement-breakpoint
CREATE INDEX "keyword_ranks_keyword_idx" ON "keyword_ranks" USING btree ("keyword_id","checked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "site_keywords_site_name_idx" ON "site_keywords" USING btree ("site_id","name");--> statement-breakpoint
CREATE INDEX "site_keywords_site_weight_idx" ON "site_keywords" USING btree ("site_id","weight","id");