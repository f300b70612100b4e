CREATE TYPE "public"."company_status" AS ENUM('active', 'suspended');--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "status" "company_status" DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "commission_bps" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_commission_bps_range" CHECK ("companies"."commission_bps" IS NULL OR ("companies"."commission_bps" >= 0 AND "companies"."commission_bps" <= 10000));