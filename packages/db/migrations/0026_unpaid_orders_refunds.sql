-- Issue 25 (decisions 0061, 0062): an approved order that is not paid within its event's payment window is
-- cancelled for non-payment (the runner-up of an auction gets a 48-hour second chance); refunds with credit notes.
CREATE TYPE "public"."refund_status" AS ENUM('processing', 'succeeded', 'failed');--> statement-breakpoint
CREATE TYPE "public"."second_chance_status" AS ENUM('open', 'accepted', 'declined', 'expired');--> statement-breakpoint
CREATE TABLE "order_refund_parts" (
	"id" text PRIMARY KEY NOT NULL,
	"refund_id" text NOT NULL,
	"order_payment_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"provider_refund_id" text,
	"status" "refund_status" DEFAULT 'processing' NOT NULL,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"number" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"reason" text NOT NULL,
	"status" "refund_status" DEFAULT 'processing' NOT NULL,
	"failure_message" text,
	"actor_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"succeeded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "second_chance_offers" (
	"id" text PRIMARY KEY NOT NULL,
	"lot_id" text NOT NULL,
	"user_id" text NOT NULL,
	"from_order_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"status" "second_chance_status" DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"order_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"hold_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_holds" ADD COLUMN "amount_refunded" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refund_parts" ADD CONSTRAINT "order_refund_parts_refund_id_order_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."order_refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refund_parts" ADD CONSTRAINT "order_refund_parts_order_payment_id_order_payments_id_fk" FOREIGN KEY ("order_payment_id") REFERENCES "public"."order_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_chance_offers" ADD CONSTRAINT "second_chance_offers_lot_id_event_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."event_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_chance_offers" ADD CONSTRAINT "second_chance_offers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_chance_offers" ADD CONSTRAINT "second_chance_offers_from_order_id_orders_id_fk" FOREIGN KEY ("from_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_chance_offers" ADD CONSTRAINT "second_chance_offers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_hold_id_sandbox_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."sandbox_holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refund_parts_refund_idx" ON "order_refund_parts" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "order_refund_parts_payment_idx" ON "order_refund_parts" USING btree ("order_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_number_key" ON "order_refunds" USING btree ("number");--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "second_chance_offers_from_order_key" ON "second_chance_offers" USING btree ("from_order_id");--> statement-breakpoint
CREATE INDEX "second_chance_offers_user_idx" ON "second_chance_offers" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "second_chance_offers_open_expiry_idx" ON "second_chance_offers" USING btree ("expires_at") WHERE "second_chance_offers"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_refunds_reference_key" ON "sandbox_refunds" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "orders_payment_due_idx" ON "orders" USING btree ("payment_due_at") WHERE "orders"."status" = 'OrderPending' and "orders"."approval" = 'approved';--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS "credit_note_number_seq" START WITH 100001;--> statement-breakpoint
-- Orders already approved and unpaid get a whole window from now, not one that ran out while nobody enforced it.
UPDATE "orders" AS o SET "payment_due_at" = now() + make_interval(days => e."payment_window_days")
  FROM "events" AS e
  WHERE e."id" = o."event_id" AND o."status" = 'OrderPending' AND o."approval" = 'approved';
