-- The ids of up to `cap` rows whose name matches an ILIKE pattern, always read through the pg_trgm GIN
-- index (organizations_name_trgm, districts_name_trgm). Schools repeat names across districts ("Jefferson
-- Elementary School" a hundred times), and the planner then misjudges '%jeff%': it walks the whole table
-- (a sequential scan, or the name btree with a filter) expecting to reach the limit early, 20 to 40 times
-- slower than the index. The function's own planner settings leave the index as its only path; a function
-- with SET clauses is never inlined, so they hold for its query only.
CREATE FUNCTION "matching_organizations"(pattern text, cap integer) RETURNS TABLE (id uuid)
  LANGUAGE sql STABLE
  SET enable_seqscan = off SET enable_indexscan = off SET enable_indexonlyscan = off
  AS $$ SELECT o.id FROM organizations o WHERE o.name ILIKE pattern LIMIT cap $$;
--> statement-breakpoint
CREATE FUNCTION "matching_districts"(pattern text, cap integer) RETURNS TABLE (id uuid)
  LANGUAGE sql STABLE
  SET enable_seqscan = off SET enable_indexscan = off SET enable_indexonlyscan = off
  AS $$ SELECT d.id FROM districts d WHERE d.name ILIKE pattern LIMIT cap $$;
