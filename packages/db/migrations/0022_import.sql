-- Issue 16 (bulk lot import, decision 0051): a validated preview kept 24 hours, and the photos of committed imports.
CREATE TABLE "seller_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"event_id" text NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'previewed' NOT NULL,
	"rows" jsonb NOT NULL,
	"errors" jsonb NOT NULL,
	"rows_count" integer NOT NULL,
	"lots_created" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone DEFAULT now() + interval '24 hours' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seller_import_photos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"import_id" text NOT NULL,
	"lot_id" text NOT NULL,
	"position" integer NOT NULL,
	"upload_key" text,
	"source_url" text,
	"done" boolean DEFAULT false NOT NULL,
	"failure" text
);
--> statement-breakpoint
ALTER TABLE "seller_imports" ADD CONSTRAINT "seller_imports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_imports" ADD CONSTRAINT "seller_imports_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_imports" ADD CONSTRAINT "seller_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_import_photos" ADD CONSTRAINT "seller_import_photos_import_id_seller_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."seller_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_import_photos" ADD CONSTRAINT "seller_import_photos_lot_id_event_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."event_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seller_imports_expires_idx" ON "seller_imports" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "seller_import_photos_import_idx" ON "seller_import_photos" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "seller_import_photos_pending_idx" ON "seller_import_photos" USING btree ("id") WHERE not "seller_import_photos"."done";
