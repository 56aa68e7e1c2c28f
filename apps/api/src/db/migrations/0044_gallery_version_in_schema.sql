-- gallery_version, created with its triggers by 0041 in hand-written SQL, is now declared in
-- schema.ts too, so drizzle-kit's snapshot knows it (the statement drizzle-kit generated here, a
-- CREATE TABLE, is replaced: the table exists). The database only gets the table's description.
COMMENT ON TABLE "gallery_version" IS 'Cuenta los cambios de lo que muestra una página de la galería (0041); una fila.';
