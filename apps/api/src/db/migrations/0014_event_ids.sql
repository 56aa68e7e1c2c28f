ALTER TABLE "mail_outbox" ADD COLUMN "event_id" bigint;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD COLUMN "event_id" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_event_kind_idx" ON "mail_outbox" USING btree ("event_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_events_event_action_idx" ON "tracking_events" USING btree ("event_id","action");