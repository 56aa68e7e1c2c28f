ALTER TABLE "notifications" ADD COLUMN "register_request_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_register_request_id_register_requests_id_fk" FOREIGN KEY ("register_request_id") REFERENCES "public"."register_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_register_request_idx" ON "notifications" USING btree ("register_request_id") WHERE "notifications"."register_request_id" is not null;--> statement-breakpoint
-- Rows written before: the request from their domain event, while it is kept (30 days).
UPDATE "notifications" n SET "register_request_id" = r."id"
  FROM "domain_events" e JOIN "register_requests" r ON r."id" = (e."payload"->>'requestId')::uuid
  WHERE n."request_kind" = 'REGISTER' AND n."register_request_id" IS NULL AND e."id" = n."event_id"
    AND e."type" = 'request.created';
