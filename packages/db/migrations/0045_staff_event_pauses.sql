CREATE TABLE "event_pauses" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"reason" text NOT NULL,
	"paused_by" text NOT NULL,
	"paused_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resumed_by" text,
	"resumed_at" timestamp with time zone,
	"shifted_ms" bigint
);
--> statement-breakpoint
ALTER TABLE "event_pauses" ADD CONSTRAINT "event_pauses_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_pauses" ADD CONSTRAINT "event_pauses_paused_by_users_id_fk" FOREIGN KEY ("paused_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_pauses" ADD CONSTRAINT "event_pauses_resumed_by_users_id_fk" FOREIGN KEY ("resumed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_pauses_open_idx" ON "event_pauses" USING btree ("event_id") WHERE "event_pauses"."resumed_at" is null;--> statement-breakpoint
CREATE INDEX "event_pauses_event_idx" ON "event_pauses" USING btree ("event_id","paused_at");