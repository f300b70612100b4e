CREATE TYPE "public"."bid_kind" AS ENUM('bid', 'auto');--> statement-breakpoint
CREATE TYPE "public"."deposit_hold_status" AS ENUM('held', 'replaced', 'released', 'applied', 'failed');--> statement-breakpoint
CREATE TYPE "public"."deposit_status" AS ENUM('not-required', 'held', 'released', 'applied', 'failed');--> statement-breakpoint
CREATE TYPE "public"."registration_status" AS ENUM('approved', 'pending', 'declined');--> statement-breakpoint
CREATE TABLE "bids" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "bids_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lot_id" text NOT NULL,
	"user_id" text NOT NULL,
	"kind" "bid_kind" DEFAULT 'bid' NOT NULL,
	"amount" bigint NOT NULL,
	"max_amount" bigint,
	"price_after" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_holds" (
	"id" text PRIMARY KEY NOT NULL,
	"registration_id" text NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"provider_hold_id" text,
	"amount" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"status" "deposit_hold_status" NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"scope" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "lot_bidders" (
	"lot_id" text NOT NULL,
	"user_id" text NOT NULL,
	"pseudonym" integer NOT NULL,
	"max_amount" bigint NOT NULL,
	"max_set_at" timestamp with time zone NOT NULL,
	"last_bid_amount" bigint NOT NULL,
	"bids_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lot_bidders_lot_id_user_id_pk" PRIMARY KEY("lot_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"user_id" text NOT NULL,
	"status" "registration_status" NOT NULL,
	"payment_method_id" text,
	"deposit_amount" bigint,
	"deposit_currency" char(3),
	"deposit_status" "deposit_status" NOT NULL,
	"current_hold_id" text,
	"deposit_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "increment_table" jsonb;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "soft_close_window_seconds" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "soft_close_extension_seconds" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "soft_close_cap_seconds" integer DEFAULT 3600 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "stagger_interval_seconds" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "registration_approval_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "buyers_premium_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "payment_window_days" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "deposits_settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_lots" ADD COLUMN "scheduled_end_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_lots" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_lots" ADD COLUMN "leader_user_id" text;--> statement-breakpoint
ALTER TABLE "event_lots" ADD COLUMN "reserve_met" boolean;--> statement-breakpoint
ALTER TABLE "event_lots" ADD COLUMN "change_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_lot_id_event_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."event_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_holds" ADD CONSTRAINT "deposit_holds_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_bidders" ADD CONSTRAINT "lot_bidders_lot_id_event_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."event_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_bidders" ADD CONSTRAINT "lot_bidders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bids_lot_seq_idx" ON "bids" USING btree ("lot_id","seq");--> statement-breakpoint
CREATE INDEX "bids_user_idx" ON "bids" USING btree ("user_id","lot_id");--> statement-breakpoint
CREATE INDEX "deposit_holds_registration_idx" ON "deposit_holds" USING btree ("registration_id","created_at");--> statement-breakpoint
CREATE INDEX "deposit_holds_held_expiry_idx" ON "deposit_holds" USING btree ("expires_at") WHERE "deposit_holds"."status" = 'held';--> statement-breakpoint
CREATE UNIQUE INDEX "lot_bidders_pseudonym_key" ON "lot_bidders" USING btree ("lot_id","pseudonym");--> statement-breakpoint
CREATE INDEX "lot_bidders_user_idx" ON "lot_bidders" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_event_user_key" ON "registrations" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "registrations_user_idx" ON "registrations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "event_lots_pending_start_idx" ON "event_lots" USING btree ("start_at") WHERE "event_lots"."status" = 'Pending';--> statement-breakpoint
CREATE INDEX "event_lots_active_end_idx" ON "event_lots" USING btree ("ended_at") WHERE "event_lots"."status" = 'Active';--> statement-breakpoint
-- BIDDING §3 rule 6: the bid history is append-only. TRUNCATE (test resets) is still allowed.
CREATE FUNCTION bids_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'bids are append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER bids_append_only BEFORE UPDATE OR DELETE ON bids FOR EACH ROW EXECUTE FUNCTION bids_append_only();
--> statement-breakpoint
-- The live stream's event ids (contract §5: an id that only grows): each change of a lot takes the next value.
CREATE SEQUENCE lot_change_seq;
--> statement-breakpoint
-- Lots that existed before the engine: their end so far is their scheduled end.
UPDATE event_lots SET scheduled_end_at = ended_at WHERE scheduled_end_at IS NULL;
