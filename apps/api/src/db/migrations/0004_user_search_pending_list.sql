-- Every search reads the GIN pending list whole; keep it small (PGlite has no autovacuum to empty it).
ALTER INDEX "users_search_idx" SET (gin_pending_list_limit = 256);
