-- An orphaned fic (issue 22.4: its author's account erased, the fic kept as 'Anónimo') has no
-- author to read a consent from. It keeps the restriction it had when it was orphaned (issue 22.5,
-- docs/decisions/privacy.md 'Consentimiento'): a fic of a student whose guardian never consented
-- stays within its school instead of becoming public the moment its author goes. The refresh
-- functions match fics by author, so they never touch an orphan again.
CREATE OR REPLACE FUNCTION fics_story_author_withheld() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.author_id IS NULL THEN
    NEW.author_withheld := OLD.author_withheld;
  ELSE
    NEW.author_withheld := fics_consent_withheld(NEW.author_id);
  END IF;
  RETURN NEW;
END $$;
