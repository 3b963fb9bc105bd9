CREATE TABLE "inquiry_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inquiry_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"inquiry_id" integer NOT NULL,
	"admin_id" integer,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"message_id" text DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text NOT NULL,
	"error" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inquiry_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"message_id" text NOT NULL,
	"inquiry_id" integer,
	"from_address" text DEFAULT '' NOT NULL,
	"from_name" text DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone,
	"attachment_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"refused_attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mailbox" text DEFAULT '' NOT NULL,
	"uid" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inquiry_mailbox_state" (
	"account" text PRIMARY KEY NOT NULL,
	"uid_validity" text DEFAULT '' NOT NULL,
	"last_uid" integer DEFAULT 0 NOT NULL,
	"last_pull_at" timestamp with time zone,
	"last_status" text DEFAULT '' NOT NULL,
	"last_result" jsonb,
	"last_error" text DEFAULT '' NOT NULL,
	"last_job_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "position_cates" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "position_cities" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"title" text NOT NULL,
	"cate_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"headcount" integer DEFAULT 1 NOT NULL,
	"salary_min" integer DEFAULT 0 NOT NULL,
	"salary_max" integer DEFAULT 0 NOT NULL,
	"education" text DEFAULT '' NOT NULL,
	"experience" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"deadline" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer
);
--> statement-breakpoint
CREATE TABLE "resumes" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	"position_title" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"file_url" text DEFAULT '' NOT NULL,
	"attachment_id" integer,
	"status" integer DEFAULT 0 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"source" text DEFAULT 'site' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"delivered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer
);
--> statement-breakpoint
CREATE TABLE "form_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"values" jsonb NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"page" text DEFAULT '' NOT NULL,
	"inquiry_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"type" text DEFAULT 'form' NOT NULL,
	"status" text DEFAULT 'unpublished' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"creates_inquiry" boolean DEFAULT false NOT NULL,
	"design" jsonb NOT NULL,
	"submission_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "source" text DEFAULT 'contact' NOT NULL;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "source_id" integer;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "inquiry_categories" ADD CONSTRAINT "inquiry_categories_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_replies" ADD CONSTRAINT "inquiry_replies_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_emails" ADD CONSTRAINT "inquiry_emails_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_emails" ADD CONSTRAINT "inquiry_emails_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_cates" ADD CONSTRAINT "position_cates_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_cities" ADD CONSTRAINT "position_cities_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resumes" ADD CONSTRAINT "resumes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiry_categories_site_sort_idx" ON "inquiry_categories" USING btree ("site_id","sort","id");--> statement-breakpoint
CREATE INDEX "inquiry_replies_inquiry_idx" ON "inquiry_replies" USING btree ("inquiry_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "inquiry_emails_site_message_idx" ON "inquiry_emails" USING btree ("site_id","message_id");--> statement-breakpoint
CREATE INDEX "inquiry_emails_site_id_idx" ON "inquiry_emails" USING btree ("site_id","id");--> statement-breakpoint
CREATE INDEX "position_cates_site_sort_idx" ON "position_cates" USING btree ("site_id","sort","id");--> statement-breakpoint
CREATE INDEX "position_cities_site_sort_idx" ON "position_cities" USING btree ("site_id","sort","id");--> statement-breakpoint
CREATE INDEX "positions_site_sort_idx" ON "positions" USING btree ("site_id","sort","id");--> statement-breakpoint
CREATE INDEX "positions_cate_idx" ON "positions" USING btree ("cate_id");--> statement-breakpoint
CREATE INDEX "positions_city_idx" ON "positions" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "resumes_site_idx" ON "resumes" USING btree ("site_id","id");--> statement-breakpoint
CREATE INDEX "resumes_position_idx" ON "resumes" USING btree ("position_id");--> statement-breakpoint
CREATE INDEX "form_submissions_form_idx" ON "form_submissions" USING btree ("form_id","id");--> statement-breakpoint
CREATE INDEX "form_submissions_form_created_idx" ON "form_submissions" USING btree ("form_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "forms_site_code_idx" ON "forms" USING btree ("site_id","code");--> statement-breakpoint
CREATE INDEX "forms_site_id_idx" ON "forms" USING btree ("site_id","id");