CREATE TABLE "moderation_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"target" text NOT NULL,
	"target_id" uuid NOT NULL,
	"comment_id" uuid,
	"reply_id" uuid,
	"story_id" uuid,
	"subject_user_id" uuid,
	"subject_text" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"reports_count" integer DEFAULT 0 NOT NULL,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	CONSTRAINT "moderation_cases_target_check" CHECK ("moderation_cases"."target" in ('COMMENT', 'REPLY', 'STORY')),
	CONSTRAINT "moderation_cases_status_check" CHECK ("moderation_cases"."status" in ('OPEN', 'KEPT', 'REMOVED')),
	CONSTRAINT "moderation_cases_item_check" CHECK (("moderation_cases"."target" = 'COMMENT' and "moderation_cases"."reply_id" is null and "moderation_cases"."story_id" is null and ("moderation_cases"."comment_id" is null or "moderation_cases"."comment_id" = "moderation_cases"."target_id"))
        or ("moderation_cases"."target" = 'REPLY' and "moderation_cases"."comment_id" is null and "moderation_cases"."story_id" is null and ("moderation_cases"."reply_id" is null or "moderation_cases"."reply_id" = "moderation_cases"."target_id"))
        or ("moderation_cases"."target" = 'STORY' and "moderation_cases"."comment_id" is null and "moderation_cases"."reply_id" is null and ("moderation_cases"."story_id" is null or "moderation_cases"."story_id" = "moderation_cases"."target_id"))),
	CONSTRAINT "moderation_cases_decision_check" CHECK (("moderation_cases"."status" = 'OPEN') = ("moderation_cases"."decided_at" is null) and ("moderation_cases"."decision_note" is null or char_length("moderation_cases"."decision_note") <= 300)),
	CONSTRAINT "moderation_cases_reports_count_check" CHECK ("moderation_cases"."reports_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"target" text NOT NULL,
	"target_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_reporter_item_unique" UNIQUE("reporter_id","target","target_id"),
	CONSTRAINT "reports_target_check" CHECK ("reports"."target" in ('COMMENT', 'REPLY', 'STORY')),
	CONSTRAINT "reports_reason_check" CHECK ("reports"."reason" in ('HARASSMENT', 'OFFENSIVE', 'PERSONAL_INFO', 'SEXUAL', 'VIOLENCE_SELF_HARM', 'SPAM', 'OTHER')),
	CONSTRAINT "reports_detail_check" CHECK (("reports"."detail" is null or char_length("reports"."detail") between 1 and 300) and ("reports"."reason" <> 'OTHER' or "reports"."detail" is not null))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "comment_replies" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD CONSTRAINT "moderation_cases_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD CONSTRAINT "moderation_cases_reply_id_comment_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."comment_replies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD CONSTRAINT "moderation_cases_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD CONSTRAINT "moderation_cases_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD CONSTRAINT "moderation_cases_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_case_id_moderation_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."moderation_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_cases_open_item_idx" ON "moderation_cases" USING btree ("target","target_id") WHERE "moderation_cases"."status" = 'OPEN';--> statement-breakpoint
CREATE INDEX "moderation_cases_queue_idx" ON "moderation_cases" USING btree ("last_reported_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "moderation_cases_status_queue_idx" ON "moderation_cases" USING btree ("status","last_reported_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "moderation_cases_subject_idx" ON "moderation_cases" USING btree ("subject_user_id","last_reported_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "moderation_cases_comment_idx" ON "moderation_cases" USING btree ("comment_id");--> statement-breakpoint
CREATE INDEX "moderation_cases_reply_idx" ON "moderation_cases" USING btree ("reply_id");--> statement-breakpoint
CREATE INDEX "moderation_cases_story_idx" ON "moderation_cases" USING btree ("story_id");--> statement-breakpoint
CREATE INDEX "moderation_cases_decided_by_idx" ON "moderation_cases" USING btree ("decided_by");--> statement-breakpoint
CREATE INDEX "reports_case_reason_idx" ON "reports" USING btree ("case_id","reason");--> statement-breakpoint
CREATE INDEX "comment_replies_comment_hidden_idx" ON "comment_replies" USING btree ("comment_id") WHERE "comment_replies"."hidden_reason" is not null;--> statement-breakpoint
CREATE INDEX "comments_story_hidden_idx" ON "comments" USING btree ("story_id") WHERE "comments"."hidden_reason" is not null;--> statement-breakpoint
ALTER TABLE "comment_replies" ADD CONSTRAINT "comment_replies_hidden_reason_check" CHECK ("comment_replies"."hidden_reason" is null or "comment_replies"."hidden_reason" in ('REPORTED'));--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_hidden_reason_check" CHECK ("comments"."hidden_reason" is null or "comments"."hidden_reason" in ('REPORTED'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('STORY_EVALUATED', 'STORY_PUBLISHED', 'STORY_RETURNED', 'STORY_COMMENTED', 'COMMENT_REPLIED', 'STORY_TO_REVIEW', 'REQUEST_CREATED', 'ANNOTATION_ADDED', 'ANNOTATION_REPLIED', 'ANNOTATION_REOPENED', 'ANNOTATION_ANSWERED', 'ANNOTATION_RESOLVED', 'ANNOTATION_ORPHANED', 'REPORT_CREATED', 'REPORT_SETTLED', 'CONTENT_REMOVED'));--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_hidden_reason_check" CHECK ("stories"."hidden_reason" is null or ("stories"."hidden_reason" in ('REPORTED') and "stories"."status" = 'PUBLISHED'));--> statement-breakpoint
-- stories.comments_count and comments.replies_count count what everyone sees (issue 21.2): a row
-- hidden for review leaves its counter while hidden and comes back when shown; deleting a hidden row
-- takes nothing off. Those who also see hidden rows get them added by the query (the partial
-- indexes above). Replaces migration 0007's functions; the statement triggers stay.
CREATE OR REPLACE FUNCTION fics_comments_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE stories s SET comments_count = s.comments_count + d.n
      FROM (SELECT story_id, count(*) AS n FROM new_rows WHERE hidden_reason IS NULL GROUP BY story_id) d
      WHERE s.id = d.story_id;
  ELSE
    UPDATE stories s SET comments_count = s.comments_count - d.n
      FROM (SELECT story_id, count(*) AS n FROM old_rows WHERE hidden_reason IS NULL GROUP BY story_id) d
      WHERE s.id = d.story_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fics_replies_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE comments c SET replies_count = c.replies_count + d.n
      FROM (SELECT comment_id, count(*) AS n FROM new_rows WHERE hidden_reason IS NULL GROUP BY comment_id) d
      WHERE c.id = d.comment_id;
  ELSE
    UPDATE comments c SET replies_count = c.replies_count - d.n
      FROM (SELECT comment_id, count(*) AS n FROM old_rows WHERE hidden_reason IS NULL GROUP BY comment_id) d
      WHERE c.id = d.comment_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Hidden or shown again: a row trigger whose WHEN clause keeps every other update (text, counters) away.
CREATE FUNCTION fics_comment_hidden_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE stories SET comments_count = comments_count + CASE WHEN NEW.hidden_reason IS NULL THEN 1 ELSE -1 END
    WHERE id = NEW.story_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER comments_hidden_count AFTER UPDATE OF hidden_reason ON "comments"
  FOR EACH ROW WHEN ((OLD.hidden_reason IS NULL) <> (NEW.hidden_reason IS NULL))
  EXECUTE FUNCTION fics_comment_hidden_count();
--> statement-breakpoint
CREATE FUNCTION fics_reply_hidden_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE comments SET replies_count = replies_count + CASE WHEN NEW.hidden_reason IS NULL THEN 1 ELSE -1 END
    WHERE id = NEW.comment_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER comment_replies_hidden_count AFTER UPDATE OF hidden_reason ON "comment_replies"
  FOR EACH ROW WHEN ((OLD.hidden_reason IS NULL) <> (NEW.hidden_reason IS NULL))
  EXECUTE FUNCTION fics_reply_hidden_count();
