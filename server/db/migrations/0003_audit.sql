CREATE TABLE "audit_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"type" text NOT NULL,
	"by" integer NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"to_step" integer,
	"comment" text DEFAULT '' NOT NULL,
	"steps" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_flows" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"category_id" integer DEFAULT 0 NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contents" ALTER COLUMN "check_status" SET DEFAULT 'draft';--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "audit_step" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "audit_steps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "audit_mode" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "audit_pending" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "audit_submitter" integer;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_flows" ADD CONSTRAINT "audit_flows_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_content_idx" ON "audit_events" USING btree ("content_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_flows_scope_uq" ON "audit_flows" USING btree ("site_id","category_id");--> statement-breakpoint
CREATE INDEX "contents_audit_idx" ON "contents" USING btree ("site_id","check_status");--> statement-breakpoint
-- No audit event exists yet, so every content item replays to 'draft' (the former 'none', interim 'reviewing' and 'approved' values).
UPDATE "contents" SET "check_status" = 'draft' WHERE "check_status" <> 'draft';
