CREATE TABLE "erasure_traces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"purge_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_login_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "retention_notice_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "erasure_traces_purge_idx" ON "erasure_traces" USING btree ("purge_at","id");--> statement-breakpoint
CREATE INDEX "users_retention_due_idx" ON "users" USING btree (coalesce("last_login_at", "created_at")) WHERE "users"."retention_notice_at" is null;--> statement-breakpoint
CREATE INDEX "users_retention_notice_idx" ON "users" USING btree ("retention_notice_at","id") WHERE "users"."retention_notice_at" is not null;--> statement-breakpoint
-- The last login as far as the database still knows it (issue 22.6): the newest session (kept a day
-- after it ends) or a student's activity line of a login; otherwise the account's creation counts.
UPDATE "users" u SET "last_login_at" = known.at FROM (
	SELECT user_id, max(at) AS at FROM (
		SELECT "user_id", "created_at" AS at FROM "sessions"
		UNION ALL
		SELECT "user_id", "created_at" FROM "tracking_events" WHERE "resource" = 'AUTH' AND "action" = 'LOGIN'
	) logins GROUP BY user_id
) known WHERE known.user_id = u.id;
