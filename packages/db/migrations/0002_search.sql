CREATE TABLE "lot_search" (
	"lot_id" text PRIMARY KEY NOT NULL,
	"event_id" text,
	"company_id" text NOT NULL,
	"type" "lot_type" NOT NULL,
	"status" "lot_status" NOT NULL,
	"hidden" boolean NOT NULL,
	"quantity" integer NOT NULL,
	"event_status" "event_status",
	"private_sale" boolean DEFAULT false NOT NULL,
	"category_id" text,
	"category_path" text,
	"brand_id" text,
	"brand_unique_name" text,
	"number" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"start_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"sequence" integer NOT NULL,
	"lat" double precision,
	"lon" double precision,
	"document" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL,
	"frequency" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "lot_search_document_idx" ON "lot_search" USING gin ("document");--> statement-breakpoint
CREATE INDEX "lot_search_earth_idx" ON "lot_search" USING gist (ll_to_earth("lat", "lon"));--> statement-breakpoint
CREATE INDEX "lot_search_ended_idx" ON "lot_search" USING btree ("ended_at","lot_id");--> statement-breakpoint
CREATE INDEX "lot_search_created_idx" ON "lot_search" USING btree ("created_at" DESC NULLS LAST,"lot_id");--> statement-breakpoint
CREATE INDEX "lot_search_sequence_idx" ON "lot_search" USING btree ("event_id","sequence","lot_id");--> statement-breakpoint
CREATE INDEX "lot_search_category_path_idx" ON "lot_search" USING btree ("category_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "lot_search_number_idx" ON "lot_search" USING btree (lower("number"));--> statement-breakpoint
CREATE INDEX "lot_search_brand_idx" ON "lot_search" USING btree ("brand_unique_name");--> statement-breakpoint
CREATE INDEX "lot_search_status_ended_idx" ON "lot_search" USING btree ("status","ended_at","lot_id");--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);