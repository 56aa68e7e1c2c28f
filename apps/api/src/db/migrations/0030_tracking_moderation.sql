ALTER TABLE "tracking_events" DROP CONSTRAINT "tracking_events_action_check";--> statement-breakpoint
ALTER TABLE "tracking_events" ADD COLUMN "target" text;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD COLUMN "reasons" text[];--> statement-breakpoint
ALTER TABLE "tracking_events" ADD COLUMN "reported_user_id" uuid;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD COLUMN "other_user_id" uuid;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_reported_user_id_users_id_fk" FOREIGN KEY ("reported_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_other_user_id_users_id_fk" FOREIGN KEY ("other_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracking_events_reported_user_idx" ON "tracking_events" USING btree ("reported_user_id") WHERE "tracking_events"."reported_user_id" is not null;--> statement-breakpoint
CREATE INDEX "tracking_events_other_user_idx" ON "tracking_events" USING btree ("other_user_id") WHERE "tracking_events"."other_user_id" is not null;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_target_check" CHECK ("tracking_events"."target" is null or "tracking_events"."target" in ('COMMENT', 'REPLY', 'STORY'));--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_moderation_check" CHECK (("tracking_events"."resource" <> 'MODERATION' and "tracking_events"."target" is null and "tracking_events"."reasons" is null
          and "tracking_events"."reported_user_id" is null and "tracking_events"."other_user_id" is null)
        or ("tracking_events"."resource" = 'MODERATION' and "tracking_events"."action" in ('BLOCK', 'UNBLOCK') and "tracking_events"."target" is null
          and "tracking_events"."reasons" is null and "tracking_events"."reported_user_id" is null)
        or ("tracking_events"."resource" = 'MODERATION' and "tracking_events"."action" not in ('BLOCK', 'UNBLOCK') and "tracking_events"."target" is not null
          and "tracking_events"."other_user_id" is null and ("tracking_events"."reported_user_id" is null or "tracking_events"."action" = 'REPORT')));--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_action_check" CHECK (("tracking_events"."resource" = 'AUTH' and "tracking_events"."action" in ('LOGIN', 'LOGOUT'))
        or ("tracking_events"."resource" = 'STORIES' and "tracking_events"."action" in ('CREATE', 'SEND', 'DELETE', 'READ', 'LIKE', 'UNLIKE', 'UPDATE'))
        or ("tracking_events"."resource" = 'PROFILE' and "tracking_events"."action" in ('UPDATE_NAME', 'UPDATE_BIO', 'UPDATE_NICKNAME', 'UPDATE_AVATAR'))
        or ("tracking_events"."resource" in ('COMMENTS', 'REPLIES') and "tracking_events"."action" in ('CREATE', 'UPDATE', 'DELETE'))
        or ("tracking_events"."resource" = 'MODERATION' and "tracking_events"."action" in ('REPORT', 'BLOCK', 'UNBLOCK', 'CONTENT_HIDDEN',
          'CONTENT_KEPT', 'CONTENT_REMOVED', 'CONTENT_HELD', 'CONTENT_APPROVED', 'CONTENT_REJECTED',
          'COMMENTS_CLOSED', 'COMMENTS_MODERATED', 'COMMENTS_OPENED')));