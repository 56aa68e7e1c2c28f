-- Issue 23 (signed-in requests): signed-in readers share one gallery page per filter, kept in memory
-- (modules/stories/gallery.service.ts, docs/decisions/signed-in-speed.md), and it must stay exact on
-- every instance. gallery_version counts the changes to what a gallery page shows: a fic on or off
-- the shelf or changed while published (its likes included, through likes_count), a published fic's
-- tags, an author's name, photo or role, a cover, a grade's school, a tag's name. A server instance
-- reads it (one row, one statement) before answering from memory and reloads when it moved; it is
-- bumped in the writing transaction, so a page read after the version is never older than it. The
-- bump waits for the end of the transaction (a deferred trigger) and happens once per transaction:
-- the row is locked only at commit, after every other lock the transaction takes, so two writers
-- can wait for it but never deadlock on it. On the embedded database (fics.auth_notices on, see
-- 0038) the commit also sends 'fics_gallery', and the pages are dropped before the writer goes on.
CREATE TABLE "gallery_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "gallery_version_one_row" CHECK ("id")
);
--> statement-breakpoint
INSERT INTO "gallery_version" ("id", "n") VALUES (true, 0);
--> statement-breakpoint
CREATE FUNCTION "fics_gallery_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('fics.gallery_bumped', true) = txid_current()::text THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('fics.gallery_bumped', txid_current()::text, true);
  UPDATE gallery_version SET n = n + 1 WHERE id;
  IF coalesce(current_setting('fics.auth_notices', true), '') = 'on' THEN
    PERFORM pg_notify('fics_gallery', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "stories_gallery_version_insert" AFTER INSERT ON "stories" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.status = 'PUBLISHED') EXECUTE FUNCTION "fics_gallery_changed"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "stories_gallery_version_update" AFTER UPDATE ON "stories" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN ((OLD.status = 'PUBLISHED' OR NEW.status = 'PUBLISHED')
    -- A comment counted is not on a card: every other column may be (or may come to be).
    AND to_jsonb(OLD) - 'comments_count' - 'updated_at' IS DISTINCT FROM to_jsonb(NEW) - 'comments_count' - 'updated_at')
  EXECUTE FUNCTION "fics_gallery_changed"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "stories_gallery_version_delete" AFTER DELETE ON "stories" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.status = 'PUBLISHED') EXECUTE FUNCTION "fics_gallery_changed"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "story_tags_gallery_version_insert" AFTER INSERT ON "story_tags" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.published_at IS NOT NULL) EXECUTE FUNCTION "fics_gallery_changed"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "story_tags_gallery_version_update" AFTER UPDATE ON "story_tags" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.published_at IS NOT NULL OR NEW.published_at IS NOT NULL) EXECUTE FUNCTION "fics_gallery_changed"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "story_tags_gallery_version_delete" AFTER DELETE ON "story_tags" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.published_at IS NOT NULL) EXECUTE FUNCTION "fics_gallery_changed"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_gallery_version_update" AFTER UPDATE OF "name", "profile_picture_id", "role_id" ON "users" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "fics_gallery_changed"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_gallery_version_delete" AFTER DELETE ON "users" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "fics_gallery_changed"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "media_gallery_version_insert" AFTER INSERT ON "media" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.variant_of IS NOT NULL) EXECUTE FUNCTION "fics_gallery_changed"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "media_gallery_version_change" AFTER UPDATE OR DELETE ON "media" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "fics_gallery_changed"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "grades_gallery_version" AFTER UPDATE OF "college_id" OR DELETE ON "grades" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "fics_gallery_changed"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tags_gallery_version" AFTER UPDATE OR DELETE ON "tags" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "fics_gallery_changed"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "roles_gallery_version" AFTER UPDATE ON "roles" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "fics_gallery_changed"();
--> statement-breakpoint
CREATE TRIGGER "stories_gallery_version_truncate" AFTER TRUNCATE ON "stories"
  FOR EACH STATEMENT EXECUTE FUNCTION "fics_gallery_changed"();
--> statement-breakpoint
CREATE TRIGGER "story_tags_gallery_version_truncate" AFTER TRUNCATE ON "story_tags"
  FOR EACH STATEMENT EXECUTE FUNCTION "fics_gallery_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_gallery_version_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "fics_gallery_changed"();
