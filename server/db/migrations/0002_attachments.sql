CREATE TABLE "attachment_cates" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"basename" text NOT NULL,
	"temp_path" text NOT NULL,
	"site_id" integer NOT NULL,
	"admin_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" integer NOT NULL,
	"cate_id" integer DEFAULT 0 NOT NULL,
	"chunk_total" integer NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"hash" text DEFAULT '' NOT NULL,
	"received" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attachment_cates" ADD CONSTRAINT "attachment_cates_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachment_cates_site_idx" ON "attachment_cates" USING btree ("site_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "upload_sessions_basename_uq" ON "upload_sessions" USING btree ("basename");