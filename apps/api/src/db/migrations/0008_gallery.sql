CREATE TABLE "gallery_counts" (
	"scope" text NOT NULL,
	"key" uuid NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "gallery_counts_scope_key_pk" PRIMARY KEY("scope","key"),
	CONSTRAINT "gallery_counts_scope_check" CHECK ("gallery_counts"."scope" in ('ALL', 'COLLEGE', 'GRADE', 'TAG'))
);
--> statement-breakpoint
ALTER TABLE "story_tags" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "story_tags_tag_published_idx" ON "story_tags" USING btree ("tag_id","published_at" DESC NULLS FIRST,"story_id") WHERE "story_tags"."published_at" is not null;--> statement-breakpoint
-- The gallery's derived data (docs/decisions/gallery.md), kept by triggers whatever writes the rows
-- (the API, the demo seed, a moderator's DELETE, a deleted account's cascade):
-- * story_tags.published_at: the fic's published_at, null while it is not published;
-- * gallery_counts: published fics in total (ALL), per school, per grade and per tag.
-- Every change of the counters first locks the ALL row (fics_gallery_lock), so transactions that
-- change counters queue on that one row and never wait on each other in a cycle: a fic's deletion
-- reaches its TAG rows after its ALL row (the cascade to story_tags runs after the statement
-- trigger), a publication the other way round, and two retaggings in any order. Only published
-- fics take it: drafts, their tags and likes never wait. A bulk load that skips triggers
-- (session_replication_role = replica) must run fics_gallery_rebuild() afterwards.
CREATE FUNCTION fics_gallery_lock() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM gallery_counts WHERE scope = 'ALL' AND key = '00000000-0000-0000-0000-000000000000' FOR UPDATE;
END $$;
--> statement-breakpoint
CREATE FUNCTION fics_story_tags_published_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.published_at := (SELECT s.published_at FROM stories s WHERE s.id = NEW.story_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER story_tags_published_at BEFORE INSERT ON "story_tags"
  FOR EACH ROW EXECUTE FUNCTION fics_story_tags_published_at();
--> statement-breakpoint
-- A tag counts the story_tags rows that carry a publication date.
CREATE FUNCTION fics_gallery_tag_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows WHERE published_at IS NOT NULL) THEN
      RETURN NULL;
    END IF;
    PERFORM fics_gallery_lock();
    INSERT INTO gallery_counts AS c (scope, key, count)
      SELECT 'TAG', tag_id, count(*) FROM new_rows WHERE published_at IS NOT NULL
      GROUP BY tag_id ORDER BY tag_id
      ON CONFLICT (scope, key) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM old_rows WHERE published_at IS NOT NULL) THEN
      RETURN NULL;
    END IF;
    PERFORM fics_gallery_lock();
    INSERT INTO gallery_counts AS c (scope, key, count)
      SELECT 'TAG', tag_id, -count(*) FROM old_rows WHERE published_at IS NOT NULL
      GROUP BY tag_id ORDER BY tag_id
      ON CONFLICT (scope, key) DO UPDATE SET count = c.count + excluded.count;
  ELSE
    IF NOT EXISTS (SELECT 1 FROM new_rows WHERE published_at IS NOT NULL)
      AND NOT EXISTS (SELECT 1 FROM old_rows WHERE published_at IS NOT NULL) THEN
      RETURN NULL;
    END IF;
    PERFORM fics_gallery_lock();
    INSERT INTO gallery_counts AS c (scope, key, count)
      SELECT 'TAG', tag_id, sum(delta) FROM (
        SELECT tag_id, 1 AS delta FROM new_rows WHERE published_at IS NOT NULL
        UNION ALL
        SELECT tag_id, -1 FROM old_rows WHERE published_at IS NOT NULL
      ) d
      GROUP BY tag_id HAVING sum(delta) <> 0 ORDER BY tag_id
      ON CONFLICT (scope, key) DO UPDATE SET count = c.count + excluded.count;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER story_tags_gallery_insert AFTER INSERT ON "story_tags"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fics_gallery_tag_counts();
--> statement-breakpoint
CREATE TRIGGER story_tags_gallery_delete AFTER DELETE ON "story_tags"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION fics_gallery_tag_counts();
--> statement-breakpoint
CREATE TRIGGER story_tags_gallery_update AFTER UPDATE ON "story_tags"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fics_gallery_tag_counts();
--> statement-breakpoint
-- Fics created or deleted (a statement at a time: a deleted account's fics are one statement).
CREATE FUNCTION fics_gallery_story_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows WHERE status = 'PUBLISHED') THEN
      RETURN NULL;
    END IF;
    PERFORM fics_gallery_lock();
    INSERT INTO gallery_counts AS c (scope, key, count)
      SELECT k.scope, k.key, count(*) FROM new_rows n
      CROSS JOIN LATERAL (VALUES ('ALL', '00000000-0000-0000-0000-000000000000'::uuid),
        ('COLLEGE', n.college_id), ('GRADE', n.grade_id)) AS k(scope, key)
      WHERE n.status = 'PUBLISHED'
      GROUP BY k.scope, k.key ORDER BY k.scope, k.key
      ON CONFLICT (scope, key) DO UPDATE SET count = c.count + excluded.count;
  ELSE
    IF NOT EXISTS (SELECT 1 FROM old_rows WHERE status = 'PUBLISHED') THEN
      RETURN NULL;
    END IF;
    PERFORM fics_gallery_lock();
    INSERT INTO gallery_counts AS c (scope, key, count)
      SELECT k.scope, k.key, -count(*) FROM old_rows o
      CROSS JOIN LATERAL (VALUES ('ALL', '00000000-0000-0000-0000-000000000000'::uuid),
        ('COLLEGE', o.college_id), ('GRADE', o.grade_id)) AS k(scope, key)
      WHERE o.status = 'PUBLISHED'
      GROUP BY k.scope, k.key ORDER BY k.scope, k.key
      ON CONFLICT (scope, key) DO UPDATE SET count = c.count + excluded.count;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stories_gallery_insert AFTER INSERT ON "stories"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fics_gallery_story_counts();
--> statement-breakpoint
CREATE TRIGGER stories_gallery_delete AFTER DELETE ON "stories"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION fics_gallery_story_counts();
--> statement-breakpoint
-- A fic published (or moved, or unpublished by hand): its tags' copies of the date (whose own
-- trigger moves the TAG counts), then its ALL, COLLEGE and GRADE counts. A row trigger with a WHEN
-- clause, so the likes and comments counters' updates of a fic never call it.
CREATE FUNCTION fics_gallery_story_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status IS DISTINCT FROM 'PUBLISHED' AND NEW.status IS DISTINCT FROM 'PUBLISHED' THEN
    RETURN NULL;
  END IF;
  PERFORM fics_gallery_lock();
  -- published_at is set exactly when the status is PUBLISHED (stories_published_at_check).
  IF NEW.published_at IS DISTINCT FROM OLD.published_at THEN
    UPDATE story_tags SET published_at = NEW.published_at WHERE story_id = NEW.id;
  END IF;
  INSERT INTO gallery_counts AS c (scope, key, count)
    SELECT k.scope, k.key, sum(k.delta) FROM (
      SELECT 'ALL' AS scope, '00000000-0000-0000-0000-000000000000'::uuid AS key, -1 AS delta
        WHERE OLD.status = 'PUBLISHED'
      UNION ALL SELECT 'COLLEGE', OLD.college_id, -1 WHERE OLD.status = 'PUBLISHED'
      UNION ALL SELECT 'GRADE', OLD.grade_id, -1 WHERE OLD.status = 'PUBLISHED'
      UNION ALL SELECT 'ALL', '00000000-0000-0000-0000-000000000000'::uuid, 1 WHERE NEW.status = 'PUBLISHED'
      UNION ALL SELECT 'COLLEGE', NEW.college_id, 1 WHERE NEW.status = 'PUBLISHED'
      UNION ALL SELECT 'GRADE', NEW.grade_id, 1 WHERE NEW.status = 'PUBLISHED'
    ) k
    GROUP BY k.scope, k.key HAVING sum(k.delta) <> 0 ORDER BY k.scope, k.key
    ON CONFLICT (scope, key) DO UPDATE SET count = c.count + excluded.count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stories_gallery_update AFTER UPDATE ON "stories"
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.published_at IS DISTINCT FROM NEW.published_at
    OR OLD.college_id IS DISTINCT FROM NEW.college_id OR OLD.grade_id IS DISTINCT FROM NEW.grade_id)
  EXECUTE FUNCTION fics_gallery_story_moved();
--> statement-breakpoint
-- Recomputes everything above from the fics: after a bulk load that skipped triggers, or to check
-- the counters (bench/ and the tests compare them with count(*)). Writes to the fics wait meanwhile.
CREATE FUNCTION fics_gallery_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE stories, story_tags IN SHARE MODE;
  UPDATE story_tags st SET published_at = s.published_at
    FROM stories s
    WHERE s.id = st.story_id AND st.published_at IS DISTINCT FROM s.published_at;
  DELETE FROM gallery_counts;
  INSERT INTO gallery_counts (scope, key, count)
    SELECT 'ALL', '00000000-0000-0000-0000-000000000000'::uuid, count(*) FROM stories WHERE status = 'PUBLISHED'
    UNION ALL
    SELECT 'COLLEGE', college_id, count(*) FROM stories WHERE status = 'PUBLISHED' GROUP BY college_id
    UNION ALL
    SELECT 'GRADE', grade_id, count(*) FROM stories WHERE status = 'PUBLISHED' GROUP BY grade_id
    UNION ALL
    SELECT 'TAG', tag_id, count(*) FROM story_tags WHERE published_at IS NOT NULL GROUP BY tag_id;
END $$;
--> statement-breakpoint
SELECT fics_gallery_rebuild();
