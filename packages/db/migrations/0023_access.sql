-- Issue 16 (seller console, decision 0054): a company's address book of locations with their tax rate
-- (a percentage, as disposition_locations.tax_rate); the event form copies one into the event.
CREATE TABLE "company_locations" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"city" text NOT NULL,
	"region" text NOT NULL,
	"country" "country" NOT NULL,
	"tax_rate" numeric(6, 3) NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_locations_tax_rate_range" CHECK ("company_locations"."tax_rate" >= 0 AND "company_locations"."tax_rate" <= 100)
);
--> statement-breakpoint
ALTER TABLE "company_locations" ADD CONSTRAINT "company_locations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_locations_company_idx" ON "company_locations" USING btree ("company_id");
