CREATE TABLE "moderation_words" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"word" text NOT NULL,
	"folded" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_words_folded_unique" UNIQUE("folded"),
	CONSTRAINT "moderation_words_word_check" CHECK (char_length("moderation_words"."word") between 2 and 40),
	CONSTRAINT "moderation_words_folded_check" CHECK ("moderation_words"."folded" ~ '^[a-z'' -]+$')
);
--> statement-breakpoint
ALTER TABLE "comment_replies" DROP CONSTRAINT "comment_replies_hidden_reason_check";--> statement-breakpoint
ALTER TABLE "comments" DROP CONSTRAINT "comments_hidden_reason_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "comment_replies" ADD COLUMN "held_for" text;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "held_for" text;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "comments_mode" text DEFAULT 'OPEN' NOT NULL;--> statement-breakpoint
ALTER TABLE "moderation_words" ADD CONSTRAINT "moderation_words_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_words_created_by_idx" ON "moderation_words" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "moderation_words_folded_trgm_idx" ON "moderation_words" USING gin ("folded" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "comment_replies_held_idx" ON "comment_replies" USING btree ("created_at" DESC NULLS FIRST,"id") WHERE "comment_replies"."hidden_reason" = 'HELD';--> statement-breakpoint
CREATE INDEX "comments_held_idx" ON "comments" USING btree ("created_at" DESC NULLS FIRST,"id") WHERE "comments"."hidden_reason" = 'HELD';--> statement-breakpoint
ALTER TABLE "comment_replies" ADD CONSTRAINT "comment_replies_held_for_check" CHECK (("comment_replies"."hidden_reason" is not distinct from 'HELD') = ("comment_replies"."held_for" is not null) and ("comment_replies"."held_for" is null or "comment_replies"."held_for" in ('MODERATED', 'WORDS')));--> statement-breakpoint
ALTER TABLE "comment_replies" ADD CONSTRAINT "comment_replies_hidden_reason_check" CHECK ("comment_replies"."hidden_reason" is null or "comment_replies"."hidden_reason" in ('REPORTED', 'HELD'));--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_held_for_check" CHECK (("comments"."hidden_reason" is not distinct from 'HELD') = ("comments"."held_for" is not null) and ("comments"."held_for" is null or "comments"."held_for" in ('MODERATED', 'WORDS')));--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_hidden_reason_check" CHECK ("comments"."hidden_reason" is null or "comments"."hidden_reason" in ('REPORTED', 'HELD'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('STORY_EVALUATED', 'STORY_PUBLISHED', 'STORY_RETURNED', 'STORY_COMMENTED', 'COMMENT_REPLIED', 'STORY_TO_REVIEW', 'REQUEST_CREATED', 'ANNOTATION_ADDED', 'ANNOTATION_REPLIED', 'ANNOTATION_REOPENED', 'ANNOTATION_ANSWERED', 'ANNOTATION_RESOLVED', 'ANNOTATION_ORPHANED', 'REPORT_CREATED', 'REPORT_SETTLED', 'CONTENT_REMOVED', 'COMMENT_HELD', 'COMMENT_APPROVED', 'COMMENT_REJECTED'));--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_comments_mode_check" CHECK ("stories"."comments_mode" in ('OPEN', 'MODERATED', 'CLOSED'));