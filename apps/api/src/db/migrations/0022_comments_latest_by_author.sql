DROP INDEX "comment_replies_author_idx";--> statement-breakpoint
DROP INDEX "comments_author_idx";--> statement-breakpoint
CREATE INDEX "comment_replies_author_created_idx" ON "comment_replies" USING btree ("author_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "comments_author_created_idx" ON "comments" USING btree ("author_id","created_at" DESC NULLS LAST);