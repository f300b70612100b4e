CREATE TABLE "marketplace_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"commission_bps" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_settings_one_row" CHECK ("marketplace_settings"."id"),
	CONSTRAINT "marketplace_settings_commission_bps_range" CHECK ("marketplace_settings"."commission_bps" >= 0 AND "marketplace_settings"."commission_bps" <= 10000)
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "commission_bps" integer;