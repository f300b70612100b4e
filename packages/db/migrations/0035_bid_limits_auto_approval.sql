CREATE TABLE "auto_approval_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"require_verified" boolean DEFAULT true NOT NULL,
	"require_no_unpaid_orders" boolean DEFAULT true NOT NULL,
	"min_account_age_days" integer,
	"bid_limit_minor" bigint,
	"bid_limit_currency" char(3) DEFAULT 'USD' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_approval_rules_limit_positive" CHECK ("auto_approval_rules"."bid_limit_minor" IS NULL OR "auto_approval_rules"."bid_limit_minor" > 0),
	CONSTRAINT "auto_approval_rules_age_range" CHECK ("auto_approval_rules"."min_account_age_days" IS NULL OR "auto_approval_rules"."min_account_age_days" >= 0)
);
--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "bid_limit_minor" bigint;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "approved_by_rule_id" text;--> statement-breakpoint
ALTER TABLE "auto_approval_rules" ADD CONSTRAINT "auto_approval_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_approval_rules" ADD CONSTRAINT "auto_approval_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_approval_rules_company_idx" ON "auto_approval_rules" USING btree ("company_id");