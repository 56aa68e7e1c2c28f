CREATE TABLE "comment_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"comment_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"text" text NOT NULL,
	"was_edited" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"story_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"text" text NOT NULL,
	"was_edited" boolean DEFAULT false NOT NULL,
	"replies_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comments_replies_count_check" CHECK ("comments"."replies_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "story_likes" (
	"story_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "story_likes_story_id_user_id_pk" PRIMARY KEY("story_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"resource" text NOT NULL,
	"action" text NOT NULL,
	"story_id" uuid,
	"story_title" text,
	"comment_id" uuid,
	"reply_id" uuid,
	"writing_time" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_events_action_check" CHECK (("tracking_events"."resource" = 'AUTH' and "tracking_events"."action" in ('LOGIN', 'LOGOUT'))
        or ("tracking_events"."resource" = 'STORIES' and "tracking_events"."action" in ('CREATE', 'SEND', 'DELETE', 'READ', 'LIKE', 'UNLIKE', 'UPDATE'))
        or ("tracking_events"."resource" = 'PROFILE' and "tracking_events"."action" in ('UPDATE_NAME', 'UPDATE_BIO', 'UPDATE_NICKNAME', 'UPDATE_AVATAR'))
        or ("tracking_events"."resource" in ('COMMENTS', 'REPLIES') and "tracking_events"."action" in ('CREATE', 'UPDATE', 'DELETE'))),
	CONSTRAINT "tracking_events_writing_time_check" CHECK ("tracking_events"."writing_time" is null or "tracking_events"."writing_time" >= 0)
);
--> statement-breakpoint
ALTER TABLE "comment_replies" ADD CONSTRAINT "comment_replies_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_replies" ADD CONSTRAINT "comment_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_likes" ADD CONSTRAINT "story_likes_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_likes" ADD CONSTRAINT "story_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_replies_comment_created_idx" ON "comment_replies" USING btree ("comment_id","created_at","id");--> statement-breakpoint
CREATE INDEX "comment_replies_author_idx" ON "comment_replies" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "comments_story_created_idx" ON "comments" USING btree ("story_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "comments_author_idx" ON "comments" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "story_likes_user_idx" ON "story_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tracking_events_user_created_idx" ON "tracking_events" USING btree ("user_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "tracking_events_story_idx" ON "tracking_events" USING btree ("story_id");--> statement-breakpoint
-- Counters that follow their rows, whatever deletes them (a toggle, a moderator, a deleted account's
-- cascade): stories.likes_count, stories.comments_count and comments.replies_count. Statement-level,
-- one UPDATE per fic or comment touched. A row whose parent is being deleted in the same statement
-- finds no parent to update, which is what we want.
CREATE FUNCTION fics_story_likes_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE stories s SET likes_count = s.likes_count + d.n
      FROM (SELECT story_id, count(*) AS n FROM new_rows GROUP BY story_id) d WHERE s.id = d.story_id;
  ELSE
    UPDATE stories s SET likes_count = s.likes_count - d.n
      FROM (SELECT story_id, count(*) AS n FROM old_rows GROUP BY story_id) d WHERE s.id = d.story_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER story_likes_count_insert AFTER INSERT ON "story_likes"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fics_story_likes_count();
--> statement-breakpoint
CREATE TRIGGER story_likes_count_delete AFTER DELETE ON "story_likes"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION fics_story_likes_count();
--> statement-breakpoint
CREATE FUNCTION fics_comments_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE stories s SET comments_count = s.comments_count + d.n
      FROM (SELECT story_id, count(*) AS n FROM new_rows GROUP BY story_id) d WHERE s.id = d.story_id;
  ELSE
    UPDATE stories s SET comments_count = s.comments_count - d.n
      FROM (SELECT story_id, count(*) AS n FROM old_rows GROUP BY story_id) d WHERE s.id = d.story_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER comments_count_insert AFTER INSERT ON "comments"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fics_comments_count();
--> statement-breakpoint
CREATE TRIGGER comments_count_delete AFTER DELETE ON "comments"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION fics_comments_count();
--> statement-breakpoint
CREATE FUNCTION fics_replies_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE comments c SET replies_count = c.replies_count + d.n
      FROM (SELECT comment_id, count(*) AS n FROM new_rows GROUP BY comment_id) d WHERE c.id = d.comment_id;
  ELSE
    UPDATE comments c SET replies_count = c.replies_count - d.n
      FROM (SELECT comment_id, count(*) AS n FROM old_rows GROUP BY comment_id) d WHERE c.id = d.comment_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER comment_replies_count_insert AFTER INSERT ON "comment_replies"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fics_replies_count();
--> statement-breakpoint
CREATE TRIGGER comment_replies_count_delete AFTER DELETE ON "comment_replies"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION fics_replies_count();
