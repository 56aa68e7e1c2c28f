-- Issue 23 (signed-in requests): on the embedded database (one process, docs/decisions/signed-in-speed.md)
-- the API keeps live sessions and users' views in memory, and these triggers tell it, at commit,
-- whose sign-in state changed: a session revoked, expired or deleted (logout, 'Cerrar sesión en
-- todos los dispositivos', a reset), a user changed or deleted (role, name, picture), a user's
-- grades, a school, a grade or a role renamed. Whatever statement makes the change (a service, a
-- cascade, housekeeping, an erasure), the notice follows it. It is sent only on a connection that
-- asked for it (SET fics.auth_notices = 'on': the embedded database's); a PostgreSQL server, where
-- several instances share the data and nothing is kept, pays nothing.
CREATE FUNCTION "fics_auth_notice"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('fics.auth_notices', true), '') <> 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_LEVEL = 'STATEMENT' THEN
    -- A school, a grade or a role renamed, or a table emptied: everyone's.
    PERFORM pg_notify('fics_auth', '*');
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('fics_auth', OLD.id::text);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('fics_auth', NEW.user_id::text);
  ELSE
    PERFORM pg_notify('fics_auth', OLD.user_id::text);
    IF TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      PERFORM pg_notify('fics_auth', NEW.user_id::text);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_auth_notice" AFTER UPDATE OF "revoked_at", "expires_at", "user_id" OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "fics_auth_notice"();
--> statement-breakpoint
CREATE TRIGGER "users_auth_notice" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "fics_auth_notice"();
--> statement-breakpoint
CREATE TRIGGER "user_grades_auth_notice" AFTER INSERT OR UPDATE OR DELETE ON "user_grades"
  FOR EACH ROW EXECUTE FUNCTION "fics_auth_notice"();
--> statement-breakpoint
CREATE TRIGGER "grades_auth_notice" AFTER UPDATE OR DELETE ON "grades"
  FOR EACH STATEMENT EXECUTE FUNCTION "fics_auth_notice"();
--> statement-breakpoint
CREATE TRIGGER "colleges_auth_notice" AFTER UPDATE OR DELETE ON "colleges"
  FOR EACH STATEMENT EXECUTE FUNCTION "fics_auth_notice"();
--> statement-breakpoint
CREATE TRIGGER "roles_auth_notice" AFTER UPDATE OR DELETE ON "roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "fics_auth_notice"();
--> statement-breakpoint
CREATE TRIGGER "sessions_auth_notice_truncate" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "fics_auth_notice"();
--> statement-breakpoint
CREATE TRIGGER "users_auth_notice_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "fics_auth_notice"();
--> statement-breakpoint
CREATE TRIGGER "user_grades_auth_notice_truncate" AFTER TRUNCATE ON "user_grades"
  FOR EACH STATEMENT EXECUTE FUNCTION "fics_auth_notice"();
