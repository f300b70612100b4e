CREATE TYPE "public"."payout_account_provider" AS ENUM('stripe', 'sandbox');--> statement-breakpoint
CREATE TABLE "sandbox_account_links" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"return_url" text NOT NULL,
	"refresh_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_connected_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"reference" text NOT NULL,
	"country" char(2) NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_connected_accounts_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "provider" "payout_account_provider" DEFAULT 'stripe' NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "details_submitted" boolean;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "charges_enabled" boolean;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "payouts_enabled" boolean;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_account_links" ADD CONSTRAINT "sandbox_account_links_account_id_sandbox_connected_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."sandbox_connected_accounts"("id") ON DELETE cascade ON UPDATE no action;