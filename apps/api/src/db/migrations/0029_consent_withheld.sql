-- A guardian's consent (issue 22.5, docs/decisions/privacy.md 'Consentimiento'). A student needs one
-- before their name or work leaves their school when they may be under 14: born in the current year
-- minus 14 or later (counted so until the year after they turn 14: never under-protected for part of
-- a year), or of unknown age in a grade below Primero Medio (a Básico grade). Consent is a GRANTED
-- row of guardian_consents. stories.author_withheld copies the answer for each fic of the author, so
-- the gate (story-gate.ts storyIsPublic) and the gallery's counters read one column; the triggers
-- below keep it, whatever writes the rows. Time only ever lifts the need (a child grows older), so
-- a copy left stale by a new year keeps a fic in its school, never the other way; the housekeeping
-- job refreshes it (fics_refresh_withheld_all).
CREATE FUNCTION fics_consent_required(uid uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM users u JOIN roles r ON r.id = u.role_id
    WHERE u.id = uid AND r.name = 'STUDENT'
      AND (u.birth_year >= extract(year from now() AT TIME ZONE 'America/Santiago')::int - 14
        OR (u.birth_year IS NULL AND EXISTS (
          SELECT 1 FROM user_grades ug JOIN grades g ON g.id = ug.grade_id
          WHERE ug.user_id = u.id AND g.cicle <> 'Medio')))
  )
$$;
--> statement-breakpoint
-- Required and not given: the author's work stays within their school.
CREATE FUNCTION fics_consent_withheld(uid uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT fics_consent_required(uid)
    AND NOT EXISTS (SELECT 1 FROM guardian_consents c WHERE c.student_id = uid AND c.status = 'GRANTED')
$$;
--> statement-breakpoint
CREATE FUNCTION fics_refresh_withheld(uid uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  withheld boolean := fics_consent_withheld(uid);
BEGIN
  UPDATE stories SET author_withheld = withheld WHERE author_id = uid AND author_withheld IS DISTINCT FROM withheld;
END $$;
--> statement-breakpoint
-- Every author whose copy is stale (the housekeeping job, daily; a new year lifts some needs).
CREATE FUNCTION fics_refresh_withheld_all() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  changed integer;
BEGIN
  UPDATE stories s SET author_withheld = w.withheld
    FROM (SELECT DISTINCT author_id, fics_consent_withheld(author_id) AS withheld FROM stories) w
    WHERE s.author_id = w.author_id AND s.author_withheld IS DISTINCT FROM w.withheld;
  GET DIAGNOSTICS changed = ROW_COUNT;
  RETURN changed;
END $$;
--> statement-breakpoint
CREATE FUNCTION fics_story_author_withheld() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.author_withheld := fics_consent_withheld(NEW.author_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER stories_author_withheld BEFORE INSERT OR UPDATE OF author_id ON "stories"
  FOR EACH ROW EXECUTE FUNCTION fics_story_author_withheld();
--> statement-breakpoint
CREATE FUNCTION fics_user_withheld_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM fics_refresh_withheld(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_withheld AFTER UPDATE OF birth_year, role_id ON "users"
  FOR EACH ROW WHEN (OLD.birth_year IS DISTINCT FROM NEW.birth_year OR OLD.role_id IS DISTINCT FROM NEW.role_id)
  EXECUTE FUNCTION fics_user_withheld_changed();
--> statement-breakpoint
-- A grade joined or left. An account being deleted (its memberships go by cascade) is skipped: its
-- fics go with it.
CREATE FUNCTION fics_membership_withheld_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  uid uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
BEGIN
  IF EXISTS (SELECT 1 FROM users WHERE id = uid) THEN
    PERFORM fics_refresh_withheld(uid);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_grades_withheld AFTER INSERT OR DELETE ON "user_grades"
  FOR EACH ROW EXECUTE FUNCTION fics_membership_withheld_changed();
--> statement-breakpoint
CREATE FUNCTION fics_grade_withheld_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM fics_refresh_withheld(ug.user_id) FROM user_grades ug WHERE ug.grade_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER grades_withheld AFTER UPDATE OF cicle ON "grades"
  FOR EACH ROW WHEN (OLD.cicle IS DISTINCT FROM NEW.cicle)
  EXECUTE FUNCTION fics_grade_withheld_changed();
--> statement-breakpoint
CREATE FUNCTION fics_consent_withheld_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM users WHERE id = NEW.student_id) THEN
    PERFORM fics_refresh_withheld(NEW.student_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER guardian_consents_withheld AFTER INSERT OR UPDATE OF status ON "guardian_consents"
  FOR EACH ROW EXECUTE FUNCTION fics_consent_withheld_changed();
--> statement-breakpoint
-- The public shelf now also leaves out fics whose author is withheld (0025's function, one argument more).
CREATE FUNCTION fics_story_public(status text, hidden_reason text, personal boolean, author_withheld boolean)
  RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT status = 'PUBLISHED' AND hidden_reason IS NULL AND NOT personal AND NOT author_withheld
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fics_story_tags_published_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.published_at := (SELECT s.published_at FROM stories s
    WHERE s.id = NEW.story_id AND fics_story_public(s.status, s.hidden_reason, s.personal, s.author_withheld));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fics_gallery_story_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows WHERE fics_story_public(status, hidden_reason, personal, author_withheld)) THEN
      RETURN NULL;
    END IF;
    PERFORM fics_gallery_lock();
    INSERT INTO gallery_counts AS c (scope, key, count)
      SELECT k.scope, k.key, count(*) FROM new_rows n
      CROSS JOIN LATERAL (VALUES ('ALL', '00000000-0000-0000-0000-000000000000'::uuid),
        ('COLLEGE', n.college_id), ('GRADE', n.grade_id)) AS k(scope, key)
      WHERE fics_story_public(n.status, n.hidden_reason, n.personal, n.author_withheld)
      GROUP BY k.scope, k.key ORDER BY k.scope, k.key
      ON CONFLICT (scope, key) DO UPDATE SET count = c.count + excluded.count;
  ELSE
    IF NOT EXISTS (SELECT 1 FROM old_rows WHERE fics_story_public(status, hidden_reason, personal, author_withheld)) THEN
      RETURN NULL;
    END IF;
    PERFORM fics_gallery_lock();
    INSERT INTO gallery_counts AS c (scope, key, count)
      SELECT k.scope, k.key, -count(*) FROM old_rows o
      CROSS JOIN LATERAL (VALUES ('ALL', '00000000-0000-0000-0000-000000000000'::uuid),
        ('COLLEGE', o.college_id), ('GRADE', o.grade_id)) AS k(scope, key)
      WHERE fics_story_public(o.status, o.hidden_reason, o.personal, o.author_withheld)
      GROUP BY k.scope, k.key ORDER BY k.scope, k.key
      ON CONFLICT (scope, key) DO UPDATE SET count = c.count + excluded.count;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fics_gallery_story_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_public boolean := fics_story_public(OLD.status, OLD.hidden_reason, OLD.personal, OLD.author_withheld);
  is_public boolean := fics_story_public(NEW.status, NEW.hidden_reason, NEW.personal, NEW.author_withheld);
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
CREATE TRIGGER stories_gallery_update AFTER UPDATE ON "stories"
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.published_at IS DISTINCT FROM NEW.published_at
    OR OLD.college_id IS DISTINCT FROM NEW.college_id OR OLD.grade_id IS DISTINCT FROM NEW.grade_id
    OR OLD.hidden_reason IS DISTINCT FROM NEW.hidden_reason OR OLD.personal IS DISTINCT FROM NEW.personal
    OR OLD.author_withheld IS DISTINCT FROM NEW.author_withheld)
  EXECUTE FUNCTION fics_gallery_story_moved();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fics_gallery_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE stories, story_tags IN SHARE MODE;
  UPDATE story_tags st SET published_at = CASE WHEN fics_story_public(s.status, s.hidden_reason, s.personal, s.author_withheld) THEN s.published_at END
    FROM stories s
    WHERE s.id = st.story_id
      AND st.published_at IS DISTINCT FROM (CASE WHEN fics_story_public(s.status, s.hidden_reason, s.personal, s.author_withheld) THEN s.published_at END);
  DELETE FROM gallery_counts;
  INSERT INTO gallery_counts (scope, key, count)
    SELECT 'ALL', '00000000-0000-0000-0000-000000000000'::uuid, count(*) FROM stories
      WHERE fics_story_public(status, hidden_reason, personal, author_withheld)
    UNION ALL
    SELECT 'COLLEGE', college_id, count(*) FROM stories
      WHERE fics_story_public(status, hidden_reason, personal, author_withheld) GROUP BY college_id
    UNION ALL
    SELECT 'GRADE', grade_id, count(*) FROM stories
      WHERE fics_story_public(status, hidden_reason, personal, author_withheld) GROUP BY grade_id
    UNION ALL
    SELECT 'TAG', tag_id, count(*) FROM story_tags WHERE published_at IS NOT NULL GROUP BY tag_id;
END $$;
--> statement-breakpoint
DROP FUNCTION fics_story_public(text, text, boolean);
--> statement-breakpoint
SELECT fics_refresh_withheld_all();
--> statement-breakpoint
SELECT fics_gallery_rebuild();
