-- Issue 16 (bulk import, decision 0051): a photo pass claims the pending photos it fetches, so passes of several
-- API processes never fetch one photo twice; a claim runs out (its process died) and the photo is taken again.
ALTER TABLE "seller_import_photos" ADD COLUMN "claimed_until" timestamp with time zone;
