-- Lists in the order of the dates they show (issue 18.3, docs/decisions/lists.md): 'Mis fics' by the
-- fic's date (published, else created), the teachers' review list by the date the fic was last sent
-- for review; ties by id. Expressions cannot be declared DESC: the indexes are read backwards.
DROP INDEX "stories_author_created_idx";--> statement-breakpoint
DROP INDEX "stories_grade_status_idx";--> statement-breakpoint
CREATE INDEX "stories_author_date_idx" ON "stories" USING btree ("author_id",coalesce("published_at", "created_at"),"id");--> statement-breakpoint
CREATE INDEX "stories_grade_status_sent_idx" ON "stories" USING btree ("grade_id","status",coalesce("sent_at", "created_at"),"id");