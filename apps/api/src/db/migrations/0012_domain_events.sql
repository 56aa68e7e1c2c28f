CREATE TABLE "domain_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "domain_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"story_id" uuid,
	"actor_id" uuid,
	"actor_role" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "domain_events_status_check" CHECK ("domain_events"."status" in ('PENDING', 'DONE', 'FAILED'))
);
--> statement-breakpoint
CREATE INDEX "domain_events_due_idx" ON "domain_events" USING btree ("next_attempt_at","id") WHERE "domain_events"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "domain_events_story_pending_idx" ON "domain_events" USING btree ("story_id","id") WHERE "domain_events"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "domain_events_handled_idx" ON "domain_events" USING btree ("occurred_at") WHERE "domain_events"."status" <> 'PENDING';