-- Issue 16 (seller console, decision 0056): a lot's documents (spec §5's document types), in order, each an
-- upload of the signed-POST contract with the seller's description; they go with their lot.
CREATE TABLE "lot_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"lot_id" text NOT NULL,
	"position" integer NOT NULL,
	"url" text NOT NULL,
	"file_name" text NOT NULL,
	"description" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	CONSTRAINT "lot_documents_description_length" CHECK (char_length("lot_documents"."description") <= 300),
	CONSTRAINT "lot_documents_size_positive" CHECK ("lot_documents"."size" >= 0)
);
--> statement-breakpoint
ALTER TABLE "lot_documents" ADD CONSTRAINT "lot_documents_lot_id_event_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."event_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lot_documents_lot_position_idx" ON "lot_documents" USING btree ("lot_id","position");--> statement-breakpoint
CREATE INDEX "lot_documents_url_idx" ON "lot_documents" USING btree ("url");
