CREATE TABLE "wire_accounts" (
	"currency" char(3) PRIMARY KEY NOT NULL,
	"beneficiary" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"bank_code" text NOT NULL,
	"reference_note" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
ALTER TABLE "wire_accounts" ADD CONSTRAINT "wire_accounts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;