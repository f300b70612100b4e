CREATE TABLE "lot_change_notices" (
	"lot_id" text PRIMARY KEY NOT NULL,
	"changes" text[] DEFAULT '{}'::text[] NOT NULL,
	"pending_since" timestamp with time zone,
	"announced_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lot_change_notices" ADD CONSTRAINT "lot_change_notices_lot_id_event_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."event_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lot_change_notices_pending_idx" ON "lot_change_notices" USING btree ("pending_since") WHERE pending_since is not null;