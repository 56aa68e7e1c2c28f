CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
INSERT INTO "roles" ("name", "display_name") VALUES
  ('ADMIN', 'Administrador'),
  ('TEACHER', 'Docente'),
  ('STUDENT', 'Estudiante')
ON CONFLICT ("name") DO NOTHING;
