CREATE INDEX "mail_outbox_body_to_clear_idx" ON "mail_outbox" USING btree ("id") WHERE "mail_outbox"."status" in ('SENT', 'FAILED') and ("mail_outbox"."text" <> '' or "mail_outbox"."html" <> '');--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "one_time_tokens_ended_at_idx" ON "one_time_tokens" USING btree (least("used_at", "expires_at"));--> statement-breakpoint
CREATE INDEX "sessions_ended_at_idx" ON "sessions" USING btree (least("revoked_at", "expires_at"));