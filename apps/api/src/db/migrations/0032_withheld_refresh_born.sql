CREATE INDEX "users_birth_year_idx" ON "users" USING btree ("birth_year") WHERE "users"."birth_year" is not null;--> statement-breakpoint
-- The yearly lift (issue 22.5, docs/decisions/privacy.md 'Consentimiento'): on 1 January the
-- students born fifteen years before stop needing a guardian's consent (fics_consent_required
-- counts a birth year as under 14 until the year after the 14th birthday). The housekeeping job
-- calls this daily with the year of its clock minus 15: users_birth_year_idx finds those students,
-- stories_author_date_idx their fics, and only copies still set are rewritten, from
-- fics_consent_withheld itself (the one rule; a fixed clock only chooses the year to look at).
CREATE FUNCTION fics_refresh_withheld_born(born integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  changed integer;
BEGIN
  UPDATE stories s SET author_withheld = false
    FROM users u
    WHERE u.birth_year = born AND s.author_id = u.id AND s.author_withheld
      AND NOT fics_consent_withheld(u.id);
  GET DIAGNOSTICS changed = ROW_COUNT;
  RETURN changed;
END $$;
