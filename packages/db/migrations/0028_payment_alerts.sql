CREATE TYPE "public"."payment_alert_kind" AS ENUM('mismatch', 'orphan', 'late-success');--> statement-breakpoint
CREATE TABLE "payment_alerts" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" "payment_alert_kind" NOT NULL,
	"event_id" text NOT NULL,
	"attempt_id" text,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payment_alerts" ADD CONSTRAINT "payment_alerts_attempt_id_order_payments_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."order_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_alerts_event_kind_key" ON "payment_alerts" USING btree ("event_id","kind");--> statement-breakpoint
CREATE INDEX "payment_alerts_open_idx" ON "payment_alerts" USING btree ("created_at") WHERE "payment_alerts"."resolved_at" is null;