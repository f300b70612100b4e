ALTER TABLE "event_attachments" ADD COLUMN "upload_key" text;--> statement-breakpoint
ALTER TABLE "event_attachments" ADD COLUMN "file_name" text;--> statement-breakpoint
ALTER TABLE "event_attachments" ADD COLUMN "size" bigint;--> statement-breakpoint
ALTER TABLE "event_attachments" ADD COLUMN "content_type" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "company_id" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_attachments_upload_idx" ON "event_attachments" USING btree ("upload_key");--> statement-breakpoint
CREATE INDEX "uploads_company_created_idx" ON "uploads" USING btree ("company_id","created_at");