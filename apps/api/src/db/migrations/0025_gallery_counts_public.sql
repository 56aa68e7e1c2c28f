-- The gallery's counters follow exactly what a visitor sees (docs/decisions/privacy.md, issue 22):
-- a fic is on the public shelf when it is published, not hidden for review (0020) and not marked
-- personal (0023): modules/stories/story-gate.ts storyIsPublic says the same in SQL for the lists.
-- Until now gallery_counts and story_tags.published_at followed the status alone, so a fic hidden
-- for review still counted in the gallery's totalDocs and its tags' counts. Replaces migration
-- 0008's functions; story_tags.published_at is now the fic's publication date while it is public.
CREATE FUNCTION fics_story_public(status text, hidden_reason text, personal boolean) RETURNS boolean
  LANGUAGE sql IMMUTABLE AS $$
  SELECT status = 'PUBLISHED' AND hidden_reason IS NULL AND NOT personal
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fics_story_tags_published_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.published_at := (SELECT s.published_at FROM stories s
    WHERE s.id = NEW.story_id AND fics_story_public(s.status, s.hidden_reason, s.personal));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fics_gallery_story_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows WHERE fics_story_public(status, hidden_reason, personal)) THEN
      RETURN NULL;
    END IF;
    PERFORM fics_gallery_lock();
    INSERT INTO gallery_counts AS c (scope, key, count)
      SELECT k.scope, k.key, count(*) FROM new_rows n
      CROSS JOIN LATERAL (VALUES ('ALL', '00000000-0000-0000-0000-000000000000'::uuid),
        ('COLLEGE', n.college_id), ('GRADE', n.grade_id)) AS k(scope, key)
      WHERE fics_story_public(n.status, n.hidden_reason, n.personal)
      GROUP BY k.scope, k.key ORDER BY k.scope, k.key
      ON CONFLICT (scope, key) DO UPDATE SET count = c.count + excluded.count;
  ELSE
    IF NOT EXISTS (SELECT 1 FROM old_rows WHERE fics_story_public(status, hidden_reason, personal)) THEN
      RETURN NULL;
    END IF;
    PERFORM fics_gallery_lock();
    INSERT INTO gallery_counts AS c (scope, key, count)
      SELECT k.scope, k.key, -count(*) FROM old_rows o
      CROSS JOIN LATERAL (VALUES ('ALL', '00000000-0000-0000-0000-000000000000'::uuid),
        ('COLLEGE', o.college_id), ('GRADE', o.grade_id)) AS k(scope, key)
      WHERE fics_story_public(o.status, o.hidden_reason, o.personal)
      GROUP BY k.scope, k.key ORDER BY k.scope, k.key
      ON CONFLICT (scope, key) DO UPDATE SET count = c.count + excluded.count;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A fic published, hidden or shown, marked or unmarked personal, moved, or unpublished: its tags'
-- copies of the date (whose own trigger moves the TAG counts), then its ALL, COLLEGE and GRADE counts.
CREATE OR REPLACE FUNCTION fics_gallery_story_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_public boolean := fics_story_public(OLD.status, OLD.hidden_reason, OLD.personal);
  is_public boolean := fics_story_public(NEW.status, NEW.hidden_reason, NEW.personal);
BEGIN
  IF NOT was_public AND NOT is_public THEN
    RETURN NULL;
  END IF;
  PERFORM fics_gallery_lock();
  IF (CASE WHEN is_public THEN NEW.published_at END) IS DISTINCT FROM (CASE WHEN was_public THEN OLD.published_at END) THEN
    UPDATE story_tags SET published_at = CASE WHEN is_public THEN NEW.published_at END WHERE story_id = NEW.id;
  END IF;
  INSERT INTO gallery_counts AS c (scope, key, count)
    SELECT k.scope, k.key, sum(k.delta) FROM (
      SELECT 'ALL' AS scope, '00000000-0000-0000-0000-000000000000'::uuid AS key, -1 AS delta WHERE was_public
      UNION ALL SELECT 'COLLEGE', OLD.college_id, -1 WHERE was_public
      UNION ALL SELECT 'GRADE', OLD.grade_id, -1 WHERE was_public
      UNION ALL SELECT 'ALL', '00000000-0000-0000-0000-000000000000'::uuid, 1 WHERE is_public
      UNION ALL SELECT 'COLLEGE', NEW.college_id, 1 WHERE is_public
      UNION ALL SELECT 'GRADE', NEW.grade_id, 1 WHERE is_public
    ) k
    GROUP BY k.scope, k.key HAVING sum(k.delta) <> 0 ORDER BY k.scope, k.key
    ON CONFLICT (scope, key) DO UPDATE SET count = c.count + excluded.count;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER stories_gallery_update ON "stories";
--> statement-breakpoint
-- Still a row trigger with a WHEN clause: the likes and comments counters' updates never call it.
CREATE TRIGGER stories_gallery_update AFTER UPDATE ON "stories"
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.published_at IS DISTINCT FROM NEW.published_at
    OR OLD.college_id IS DISTINCT FROM NEW.college_id OR OLD.grade_id IS DISTINCT FROM NEW.grade_id
    OR OLD.hidden_reason IS DISTINCT FROM NEW.hidden_reason OR OLD.personal IS DISTINCT FROM NEW.personal)
  EXECUTE FUNCTION fics_gallery_story_moved();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fics_gallery_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE stories, story_tags IN SHARE MODE;
  UPDATE story_tags st SET published_at = CASE WHEN fics_story_public(s.status, s.hidden_reason, s.personal) THEN s.published_at END
    FROM stories s
    WHERE s.id = st.story_id
      AND st.published_at IS DISTINCT FROM (CASE WHEN fics_story_public(s.status, s.hidden_reason, s.personal) THEN s.published_at END);
  DELETE FROM gallery_counts;
  INSERT INTO gallery_counts (scope, key, count)
    SELECT 'ALL', '00000000-0000-0000-0000-000000000000'::uuid, count(*) FROM stories
      WHERE fics_story_public(status, hidden_reason, personal)
    UNION ALL
    SELECT 'COLLEGE', college_id, count(*) FROM stories WHERE fics_story_public(status, hidden_reason, personal) GROUP BY college_id
    UNION ALL
    SELECT 'GRADE', grade_id, count(*) FROM stories WHERE fics_story_public(status, hidden_reason, personal) GROUP BY grade_id
    UNION ALL
    SELECT 'TAG', tag_id, count(*) FROM story_tags WHERE published_at IS NOT NULL GROUP BY tag_id;
END $$;
--> statement-breakpoint
SELECT fics_gallery_rebuild();
