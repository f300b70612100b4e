CREATE TABLE "catalog_redirects" (
	"kind" text NOT NULL,
	"old_key" text NOT NULL,
	"target_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_redirects_kind_old_key_pk" PRIMARY KEY("kind","old_key")
);
--> statement-breakpoint
CREATE INDEX "catalog_redirects_target_idx" ON "catalog_redirects" USING btree ("kind","target_id");