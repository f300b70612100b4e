-- Issue 16 (seller console, decision 0048): a company member is an `owner` or `staff`; owners manage the members.
-- Existing memberships (the demo seller users) become owners; new ones default to staff.
CREATE TYPE "public"."company_role" AS ENUM('owner', 'staff');--> statement-breakpoint
ALTER TABLE "company_members" ADD COLUMN "role" "company_role" DEFAULT 'staff' NOT NULL;--> statement-breakpoint
UPDATE "company_members" SET "role" = 'owner';--> statement-breakpoint
-- An invitation to join a company by e-mail: only the sha256 of its token is stored (the token is in the e-mail).
CREATE TABLE "company_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"email" text NOT NULL,
	"role" "company_role" NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "company_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "company_invitations_email_lower" CHECK ("email" = lower("email"))
);
--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_invitations_open_idx" ON "company_invitations" USING btree ("company_id","email") WHERE "accepted_at" IS NULL AND "revoked_at" IS NULL;
