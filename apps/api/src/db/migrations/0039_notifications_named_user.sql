ALTER TABLE "notifications" ADD COLUMN "named_user_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_named_user_id_users_id_fk" FOREIGN KEY ("named_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_named_user_idx" ON "notifications" USING btree ("named_user_id") WHERE "notifications"."named_user_id" is not null;--> statement-breakpoint
-- Rows written before this migration: who their text names, where it can still be read. A comment's
-- writer from the comment; a fic's author from the fic when the text names them (a blind review's
-- says 'Se envió…'); the others from their domain event while it is kept (30 days), when its actor
-- is the one named.
UPDATE "notifications" n SET "named_user_id" = c."author_id" FROM "comments" c
  WHERE n."type" = 'STORY_COMMENTED' AND c."id" = n."comment_id" AND c."author_id" IS NOT NULL;--> statement-breakpoint
UPDATE "notifications" n SET "named_user_id" = s."author_id" FROM "stories" s
  WHERE n."type" = 'STORY_TO_REVIEW' AND s."id" = n."story_id" AND s."author_id" IS NOT NULL
    AND n."text" NOT LIKE 'Se envió %' AND n."text" NOT LIKE 'Se reenvió %';--> statement-breakpoint
UPDATE "notifications" n SET "named_user_id" = e."actor_id" FROM "domain_events" e JOIN "users" u ON u."id" = e."actor_id"
  WHERE n."named_user_id" IS NULL AND e."id" = n."event_id"
    AND ((n."type" = 'COMMENT_REPLIED' AND e."type" = 'reply.added')
      OR (n."type" IN ('ANNOTATION_ADDED', 'ANNOTATION_REPLIED', 'ANNOTATION_REOPENED', 'ANNOTATION_ANSWERED', 'ANNOTATION_RESOLVED') AND e."type" LIKE 'annotation.%')
      OR (n."type" = 'REQUEST_CREATED' AND n."request_kind" = 'CHANGE' AND e."type" = 'request.created'));
