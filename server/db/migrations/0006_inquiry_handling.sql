ALTER TABLE "inquiries" ADD COLUMN "deleted_by" integer;--> statement-breakpoint
CREATE INDEX "ads_site_position_idx" ON "ads" USING btree ("site_id","position","sort");--> statement-breakpoint
CREATE INDEX "inquiries_site_id_idx" ON "inquiries" USING btree ("site_id","id");