ALTER TABLE "notifications" RENAME COLUMN "kind" TO "type";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_story_unique";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
DROP INDEX "notifications_user_idx";--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "story_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Rows older than this migration are all publications: they get the text a new one would have.
UPDATE "notifications" SET "text" = 'Tu fic «' || "stories"."title" || '» fue publicada' FROM "stories" WHERE "stories"."id" = "notifications"."story_id";--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "text" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "comment_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "request_kind" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "event_id" bigint;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_published_story_idx" ON "notifications" USING btree ("story_id") WHERE "notifications"."type" = 'STORY_PUBLISHED';--> statement-breakpoint
CREATE INDEX "notifications_user_page_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_comment_idx" ON "notifications" USING btree ("comment_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_event_user_unique" UNIQUE("event_id","user_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('STORY_EVALUATED', 'STORY_PUBLISHED', 'STORY_RETURNED', 'STORY_COMMENTED', 'COMMENT_REPLIED', 'STORY_TO_REVIEW', 'REQUEST_CREATED'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_request_check" CHECK (("notifications"."type" = 'REQUEST_CREATED') = ("notifications"."request_kind" is not null));