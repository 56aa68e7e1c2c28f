CREATE TABLE "user_retention" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	"notice_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "users_retention_due_idx";--> statement-breakpoint
DROP INDEX "users_retention_notice_idx";--> statement-breakpoint
ALTER TABLE "user_retention" ADD CONSTRAINT "user_retention_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_retention_due_idx" ON "user_retention" USING btree ("last_used_at","user_id") WHERE "user_retention"."notice_at" is null;--> statement-breakpoint
CREATE INDEX "user_retention_notice_idx" ON "user_retention" USING btree ("notice_at","user_id") WHERE "user_retention"."notice_at" is not null;--> statement-breakpoint
-- Every account has its row (issue 22.6): what 0037 kept on users, or its creation.
INSERT INTO "user_retention" ("user_id", "last_used_at", "notice_at")
  SELECT "id", coalesce("last_login_at", "created_at"), "retention_notice_at" FROM "users";--> statement-breakpoint
-- A new account is last used at its creation, until its first login (a statement trigger: a bulk
-- import writes all its rows at once).
CREATE FUNCTION "fics_user_retention_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "user_retention" ("user_id", "last_used_at")
    SELECT "id", "created_at" FROM new_rows
    ON CONFLICT ("user_id") DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_retention_insert" AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "fics_user_retention_insert"();--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "last_login_at";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "retention_notice_at";