-- Folding and sorting functions for names (see schema.ts). unaccent() is only STABLE because its
-- dictionary could change; naming the dictionary makes the result fixed, so indexes may use it.
CREATE FUNCTION fics_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;
--> statement-breakpoint
-- Spanish order without ICU: accents and case ignored, ñ after n ('~' follows every letter in "C").
CREATE FUNCTION fics_sort_key(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, replace(replace(value, 'ñ', 'n~'), 'Ñ', 'n~'))) $$;
--> statement-breakpoint
CREATE TABLE "user_counts" (
	"role_id" uuid PRIMARY KEY NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_counts" ADD CONSTRAINT "user_counts_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "user_counts" ("role_id", "count")
  SELECT r."id", (SELECT count(*) FROM "users" u WHERE u."role_id" = r."id") FROM "roles" r;
--> statement-breakpoint
-- One statement trigger per kind of change keeps user_counts exact; a bulk import updates each
-- role's row once per statement, not once per user.
CREATE FUNCTION fics_user_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN
    INSERT INTO user_counts AS c (role_id, count)
      SELECT role_id, count(*) FROM new_rows GROUP BY role_id
      ON CONFLICT (role_id) DO UPDATE SET count = c.count + excluded.count;
  END IF;
  IF TG_OP = 'DELETE' OR TG_OP = 'UPDATE' THEN
    UPDATE user_counts c SET count = c.count - d.n
      FROM (SELECT role_id, count(*) AS n FROM old_rows GROUP BY role_id) d
      WHERE c.role_id = d.role_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_count_insert AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fics_user_counts_apply();
--> statement-breakpoint
CREATE TRIGGER users_count_delete AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION fics_user_counts_apply();
--> statement-breakpoint
CREATE TRIGGER users_count_update AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fics_user_counts_apply();
--> statement-breakpoint
DROP INDEX "users_role_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sort_key" text COLLATE "C" GENERATED ALWAYS AS (fics_sort_key(name)) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (fics_fold(name || ' ' || email)) STORED;--> statement-breakpoint
CREATE INDEX "users_role_sort_idx" ON "users" USING btree ("role_id","sort_key","id");--> statement-breakpoint
CREATE INDEX "users_sort_idx" ON "users" USING btree ("sort_key","id");--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- A picture that no longer exists is no picture.
UPDATE "users" u SET "profile_picture_id" = NULL
  WHERE "profile_picture_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "media" m WHERE m."id" = u."profile_picture_id");
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_profile_picture_id_media_id_fk" FOREIGN KEY ("profile_picture_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_profile_picture_idx" ON "users" USING btree ("profile_picture_id");--> statement-breakpoint
CREATE INDEX "media_owner_idx" ON "media" USING btree ("owner_id");--> statement-breakpoint
-- Schools: region and commune become references to the official tables (matched by name, case
-- ignored; an unmatched name, which the API never stored, becomes unset).
ALTER TABLE "communes" ADD CONSTRAINT "communes_id_region_unique" UNIQUE("id","region_id");--> statement-breakpoint
ALTER TABLE "colleges" ADD COLUMN "region_id" text;--> statement-breakpoint
ALTER TABLE "colleges" ADD COLUMN "commune_id" text;--> statement-breakpoint
UPDATE "colleges" c SET "region_id" = r."id" FROM "regions" r WHERE lower(r."name") = lower(c."region");--> statement-breakpoint
UPDATE "colleges" c SET "commune_id" = m."id" FROM "communes" m
  WHERE m."region_id" = c."region_id" AND lower(m."name") = lower(c."zone");--> statement-breakpoint
ALTER TABLE "colleges" DROP COLUMN "region";--> statement-breakpoint
ALTER TABLE "colleges" DROP COLUMN "zone";--> statement-breakpoint
ALTER TABLE "colleges" ADD CONSTRAINT "colleges_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "colleges" ADD CONSTRAINT "colleges_commune_in_region_fk" FOREIGN KEY ("commune_id","region_id") REFERENCES "public"."communes"("id","region_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "colleges" ADD CONSTRAINT "colleges_commune_needs_region" CHECK ("colleges"."commune_id" is null or "colleges"."region_id" is not null);--> statement-breakpoint
CREATE INDEX "colleges_region_idx" ON "colleges" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "colleges_commune_idx" ON "colleges" USING btree ("commune_id");--> statement-breakpoint
ALTER TABLE "colleges" ADD COLUMN "sort_key" text COLLATE "C" GENERATED ALWAYS AS (fics_sort_key(name)) STORED;--> statement-breakpoint
CREATE INDEX "colleges_sort_idx" ON "colleges" USING btree ("sort_key","id");--> statement-breakpoint
-- Uniqueness kept by the database. Names that only differed in case or accents (the old check
-- ignored case only) get a number, so the index can be built.
UPDATE "colleges" c SET "name" = c."name" || ' (' || d.rn || ')'
  FROM (SELECT "id", row_number() OVER (PARTITION BY fics_fold("name") ORDER BY "created_at", "id") AS rn FROM "colleges") d
  WHERE d."id" = c."id" AND d.rn > 1;
--> statement-breakpoint
CREATE UNIQUE INDEX "colleges_name_folded_idx" ON "colleges" USING btree (fics_fold("name"));--> statement-breakpoint
UPDATE "grades" g SET "name" = g."name" || ' (' || d.rn || ')'
  FROM (SELECT "id", row_number() OVER (PARTITION BY "college_id", "cicle", "level", fics_fold("name") ORDER BY "created_at", "id") AS rn FROM "grades") d
  WHERE d."id" = g."id" AND d.rn > 1;
--> statement-breakpoint
DROP INDEX "grades_college_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "grades_unique_idx" ON "grades" USING btree ("college_id","cicle","level",fics_fold("name"));--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_status_check" CHECK ("mail_outbox"."status" in ('PENDING', 'SENT', 'FAILED'));--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_purpose_check" CHECK ("one_time_tokens"."purpose" in ('RECOVERY', 'INVITATION'));--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_name_check" CHECK ("roles"."name" in ('ADMIN', 'TEACHER', 'STUDENT'));
