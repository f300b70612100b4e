-- Issue 26 (fair photo fetching, decision 0072): photos are claimed one at a time, in turn across companies and
-- their imports, under per-company and per-import caps. Each import's queue and its claimed photos are indexed so a
-- claim stays cheap at 500,000 pending photos; the imports being fetched, by company; when each was last served.
DROP INDEX "seller_import_photos_pending_idx";--> statement-breakpoint
ALTER TABLE "seller_imports" ADD COLUMN "photos_claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "seller_import_photos_queue_idx" ON "seller_import_photos" USING btree ("import_id","id") WHERE not "seller_import_photos"."done";--> statement-breakpoint
CREATE INDEX "seller_import_photos_claimed_idx" ON "seller_import_photos" USING btree ("import_id") WHERE not "seller_import_photos"."done" and "seller_import_photos"."claimed_until" is not null;--> statement-breakpoint
CREATE INDEX "seller_imports_importing_idx" ON "seller_imports" USING btree ("company_id") WHERE "seller_imports"."status" = 'importing';