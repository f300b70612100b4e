CREATE TYPE "public"."offer_status" AS ENUM('pending', 'accepted', 'declined', 'countered', 'expired', 'withdrawn');--> statement-breakpoint
CREATE TYPE "public"."order_approval" AS ENUM('awaiting', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."order_document" AS ENUM('invoice', 'receipt');--> statement-breakpoint
CREATE TYPE "public"."order_fee_kind" AS ENUM('rigging', 'loading', 'shipping');--> statement-breakpoint
CREATE TYPE "public"."order_fulfilment" AS ENUM('none', 'shipped', 'collected');--> statement-breakpoint
CREATE TYPE "public"."order_payment_attempt_kind" AS ENUM('charge', 'deposit-capture', 'wire');--> statement-breakpoint
CREATE TYPE "public"."order_payment_kind" AS ENUM('card', 'wire');--> statement-breakpoint
CREATE TYPE "public"."order_payment_status" AS ENUM('processing', 'succeeded', 'failed');--> statement-breakpoint
CREATE TYPE "public"."order_source" AS ENUM('buy-now', 'offer', 'tender', 'auction');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('OrderPending', 'OrderPaid', 'OrderCancelled');--> statement-breakpoint
CREATE TYPE "public"."tender_outcome" AS ENUM('awarded', 'not-awarded');--> statement-breakpoint
CREATE TABLE "offers" (
	"id" text PRIMARY KEY NOT NULL,
	"lot_id" text NOT NULL,
	"buyer_user_id" text NOT NULL,
	"company_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"currency" char(3) NOT NULL,
	"message" text,
	"status" "offer_status" DEFAULT 'pending' NOT NULL,
	"counter_amount" bigint,
	"countered_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"order_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_fees" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"kind" "order_fee_kind" NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" text NOT NULL,
	"event" text NOT NULL,
	"status" "order_status" NOT NULL,
	"note" text,
	"actor_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"event_lot_id" text NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"kind" "order_payment_attempt_kind" NOT NULL,
	"provider" "payment_provider",
	"payment_method_id" text,
	"provider_payment_id" text,
	"amount" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"status" "order_payment_status" DEFAULT 'processing' NOT NULL,
	"failure_message" text,
	"actor_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"buyer_user_id" text NOT NULL,
	"company_id" text NOT NULL,
	"event_id" text,
	"source" "order_source" NOT NULL,
	"status" "order_status" DEFAULT 'OrderPending' NOT NULL,
	"approval" "order_approval" DEFAULT 'approved' NOT NULL,
	"approval_due_at" timestamp with time zone,
	"currency" char(3) NOT NULL,
	"subtotal" bigint NOT NULL,
	"buyers_premium_bps" integer DEFAULT 0 NOT NULL,
	"buyers_premium" bigint DEFAULT 0 NOT NULL,
	"fees_total" bigint DEFAULT 0 NOT NULL,
	"tax_rate" numeric(6, 3) DEFAULT 0 NOT NULL,
	"tax_exempt" boolean DEFAULT false NOT NULL,
	"tax_exempt_reason" text,
	"tax_exemption_id" text,
	"tax" bigint DEFAULT 0 NOT NULL,
	"total" bigint NOT NULL,
	"deposit_applied" bigint DEFAULT 0 NOT NULL,
	"document" "order_document" DEFAULT 'invoice' NOT NULL,
	"payment_kind" "order_payment_kind",
	"payment_error" text,
	"fulfilment" "order_fulfilment" DEFAULT 'none' NOT NULL,
	"sole_lot_id" text,
	"offer_id" text,
	"tender_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tenders" (
	"id" text PRIMARY KEY NOT NULL,
	"lot_id" text NOT NULL,
	"user_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"outcome" "tender_outcome",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversations" DROP CONSTRAINT "conversations_subject_key";--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "event_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "tender_award_days" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_lots" ADD COLUMN "shipping_cost" bigint;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "order_id" text;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_lot_id_event_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."event_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_fees" ADD CONSTRAINT "order_fees_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_event_lot_id_event_lots_id_fk" FOREIGN KEY ("event_lot_id") REFERENCES "public"."event_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_sole_lot_id_event_lots_id_fk" FOREIGN KEY ("sole_lot_id") REFERENCES "public"."event_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenders" ADD CONSTRAINT "tenders_lot_id_event_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."event_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenders" ADD CONSTRAINT "tenders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offers_lot_idx" ON "offers" USING btree ("lot_id","created_at");--> statement-breakpoint
CREATE INDEX "offers_buyer_idx" ON "offers" USING btree ("buyer_user_id","created_at");--> statement-breakpoint
CREATE INDEX "offers_company_idx" ON "offers" USING btree ("company_id","status","created_at");--> statement-breakpoint
CREATE INDEX "offers_open_expiry_idx" ON "offers" USING btree ("expires_at") WHERE "offers"."status" in ('pending', 'countered');--> statement-breakpoint
CREATE UNIQUE INDEX "order_fees_order_kind_key" ON "order_fees" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "order_history_order_idx" ON "order_history" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_order_position_key" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_lines_lot_idx" ON "order_lines" USING btree ("event_lot_id");--> statement-breakpoint
CREATE INDEX "order_payments_order_idx" ON "order_payments" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_provider_id_key" ON "order_payments" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_one_live_charge_key" ON "order_payments" USING btree ("order_id") WHERE "order_payments"."kind" = 'charge' and "order_payments"."status" <> 'failed';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_key" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "orders_buyer_idx" ON "orders" USING btree ("buyer_user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_company_idx" ON "orders" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_awaiting_due_idx" ON "orders" USING btree ("approval_due_at") WHERE "orders"."approval" = 'awaiting';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_sole_lot_key" ON "orders" USING btree ("sole_lot_id") WHERE "orders"."sole_lot_id" is not null and "orders"."status" <> 'OrderCancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "tenders_lot_user_key" ON "tenders" USING btree ("lot_id","user_id");--> statement-breakpoint
CREATE INDEX "tenders_user_idx" ON "tenders" USING btree ("user_id","updated_at");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_subject_key" UNIQUE NULLS NOT DISTINCT("buyer_user_id","event_id","event_lot_id","order_id");--> statement-breakpoint
-- The invoice numbers (LL-100001, …): a sequence, never reused, gaps allowed.
CREATE SEQUENCE IF NOT EXISTS "order_number_seq" START WITH 100001;--> statement-breakpoint
-- Sealed tenders (issue 15): the one way code reads a tender's amount. Before the lot's close
-- (closed_at is set by the lot clock, exactly once) the amount is NULL for everybody.
CREATE VIEW "sealed_tenders" AS
  SELECT t.id, t.lot_id, t.user_id, t.currency, t.outcome, t.created_at, t.updated_at,
    CASE WHEN l.closed_at IS NOT NULL THEN t.amount END AS amount
  FROM tenders t JOIN event_lots l ON l.id = t.lot_id;--> statement-breakpoint
-- An order's history is append-only, like the bid history.
CREATE OR REPLACE FUNCTION order_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'order_history is append-only';
END $$;--> statement-breakpoint
CREATE TRIGGER order_history_append_only BEFORE UPDATE OR DELETE ON order_history
  FOR EACH ROW EXECUTE FUNCTION order_history_append_only();
