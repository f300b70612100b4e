CREATE TABLE "lot_withdrawals" (
	"lot_id" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"actor_id" text NOT NULL,
	"withdrawn_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawn_bids" (
	"lot_id" text NOT NULL,
	"user_id" text NOT NULL,
	"up_to_seq" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"withdrawn_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawn_bids_lot_id_user_id_up_to_seq_pk" PRIMARY KEY("lot_id","user_id","up_to_seq")
);
--> statement-breakpoint
ALTER TABLE "lot_withdrawals" ADD CONSTRAINT "lot_withdrawals_lot_id_event_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."event_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_withdrawals" ADD CONSTRAINT "lot_withdrawals_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawn_bids" ADD CONSTRAINT "withdrawn_bids_lot_id_event_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."event_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawn_bids" ADD CONSTRAINT "withdrawn_bids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawn_bids_user_idx" ON "withdrawn_bids" USING btree ("user_id");