CREATE TYPE "public"."tax_exemption_document_type" AS ENUM('company', 'user', 'order');--> statement-breakpoint
CREATE TYPE "public"."tax_exemption_status" AS ENUM('in-review', 'active', 'expired', 'revoked');--> statement-breakpoint
CREATE TABLE "tax_exemptions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"document_type" "tax_exemption_document_type" NOT NULL,
	"document_id" text NOT NULL,
	"status" "tax_exemption_status" DEFAULT 'in-review' NOT NULL,
	"region" text NOT NULL,
	"file_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"review_note" text,
	CONSTRAINT "tax_exemptions_file_key_key" UNIQUE("file_key")
);
--> statement-breakpoint
ALTER TABLE "tax_exemptions" ADD CONSTRAINT "tax_exemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_exemptions" ADD CONSTRAINT "tax_exemptions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_exemptions_document_idx" ON "tax_exemptions" USING btree ("document_type","document_id","created_at");--> statement-breakpoint
CREATE INDEX "tax_exemptions_status_idx" ON "tax_exemptions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "tax_exemptions_user_idx" ON "tax_exemptions" USING btree ("user_id");