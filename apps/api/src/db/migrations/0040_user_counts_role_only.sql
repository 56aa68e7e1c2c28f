-- The users count triggers (migration 0002) wrote user_counts on every UPDATE of users, adding and
-- subtracting the same number: a row lock on the role's count held to the end of the transaction.
-- With a login now recording itself on its account (issue 22.6, users.last_login_at), that would
-- queue every login of a role behind the others. An update that changes no role writes nothing.
CREATE OR REPLACE FUNCTION fics_user_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Nested: a condition naming old_rows is parsed only where the transition table exists.
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.role_id IS DISTINCT FROM o.role_id
    ) THEN
      RETURN NULL;
    END IF;
  END IF;
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
