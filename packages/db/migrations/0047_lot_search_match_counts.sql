-- Decision 0104: the totals and facets of a keyword search for a common word, and of a geo search, from counts
-- kept per term and per point (lot_search_match_counts), with the classes and clock of lot_search_counts
-- (migration 0005), instead of reading every matching lot. Drizzle generated the two tables and their indexes;
-- the functions, triggers and backfill below are written by hand. The index on
-- (category_id, created_at) serves a category's page by recent (search-lots.ts).
CREATE TABLE "lot_search_counted_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lot_search_match_counts" (
	"term" text,
	"lat" double precision,
	"lon" double precision,
	"category_id" text,
	"brand_unique_name" text,
	"type" "lot_type" NOT NULL,
	"status" "lot_status" NOT NULL,
	"hidden" boolean NOT NULL,
	"private_sale" boolean NOT NULL,
	"event_status" "event_status",
	"quantity" smallint NOT NULL,
	"ended_class" smallint,
	"start_class" smallint,
	"n" integer NOT NULL,
	CONSTRAINT "lot_search_match_counts_key" UNIQUE NULLS NOT DISTINCT("term","lat","lon","category_id","brand_unique_name","type","status","hidden","private_sale","event_status","quantity","ended_class","start_class"),
	CONSTRAINT "lot_search_match_counts_one_key" CHECK (("lot_search_match_counts"."term" is null) = ("lot_search_match_counts"."lat" is not null and "lot_search_match_counts"."lon" is not null))
);
--> statement-breakpoint
CREATE INDEX "lot_search_match_counts_empty_idx" ON "lot_search_match_counts" USING btree ("n") WHERE "lot_search_match_counts"."n" = 0;--> statement-breakpoint
CREATE INDEX "lot_search_category_created_idx" ON "lot_search" USING btree ("category_id","created_at" DESC NULLS LAST,"lot_id");
--> statement-breakpoint

-- The keys a projection row is counted under: its point (when it has one), and every counted term that one of its
-- document's words starts with (each once), which is what a one-word keyword search `term:*` matches. A word's
-- prefixes are looked up by equality, so the cost grows with the words of the row, not with the counted terms.
CREATE FUNCTION lot_search_match_keys(row_document tsvector, row_lat double precision, row_lon double precision)
RETURNS TABLE (key_term text, key_lat double precision, key_lon double precision) LANGUAGE sql STABLE AS $$
  SELECT NULL::text, row_lat, row_lon WHERE row_lat IS NOT NULL AND row_lon IS NOT NULL
  UNION ALL
  SELECT DISTINCT t.term, NULL::double precision, NULL::double precision
  FROM unnest(row_document) w
  CROSS JOIN LATERAL generate_series(2, length(w.lexeme)) k
  JOIN lot_search_counted_terms t ON t.term = left(w.lexeme, k)
$$;
--> statement-breakpoint

-- Adds `added` classified at `added_at` and takes away `removed` classified at `removed_at`, per key. The triggers
-- pass the statement's new and old rows at the clock; the clock's move passes the lots it reclassifies, at the new
-- and the old instant. A row that changed nothing a count reads nets to zero and touches no count. PL/pgSQL keeps
-- the statements' plans for the session (a SQL function would plan them again on every call: +1.9 ms a lot write).
CREATE FUNCTION lot_search_match_counts_move(
  added lot_search[], added_at timestamptz, removed lot_search[], removed_at timestamptz
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lot_search_match_counts AS c
  SELECT k.key_term, k.key_lat, k.key_lon, r.category_id, r.brand_unique_name, r.type, r.status, r.hidden,
    r.private_sale, r.event_status, lot_search_quantity_key(r.quantity), lot_search_ended_class(r.ended_at, r.at),
    lot_search_start_class(r.start_at, r.at), sum(r.delta)
  FROM (
    SELECT a.*, added_at AS at, 1 AS delta FROM unnest(added) a
    UNION ALL
    SELECT d.*, removed_at, -1 FROM unnest(removed) d
  ) r
  CROSS JOIN LATERAL lot_search_match_keys(r.document, r.lat, r.lon) k
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13 HAVING sum(r.delta) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13
  ON CONFLICT ON CONSTRAINT lot_search_match_counts_key DO UPDATE SET n = c.n + excluded.n;
  DELETE FROM lot_search_match_counts WHERE n = 0;
END $$;
--> statement-breakpoint

-- One trigger function for the three statements (the unused transition table is never referenced). The clock row
-- is read FOR SHARE, as the count table's triggers do, so the clock cannot move, nor a term be added, under it.
CREATE FUNCTION lot_search_match_counts_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE t timestamptz;
BEGIN
  SELECT at INTO t FROM lot_search_clock FOR SHARE;
  IF TG_OP = 'INSERT' THEN
    PERFORM lot_search_match_counts_move(
      (SELECT array_agg(ROW(r.*)::lot_search) FROM new_rows r), t, NULL::lot_search[], t);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM lot_search_match_counts_move(
      NULL::lot_search[], t, (SELECT array_agg(ROW(r.*)::lot_search) FROM old_rows r), t);
  ELSE
    PERFORM lot_search_match_counts_move(
      (SELECT array_agg(ROW(r.*)::lot_search) FROM new_rows r), t,
      (SELECT array_agg(ROW(r.*)::lot_search) FROM old_rows r), t);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lot_search_match_counts_inserted AFTER INSERT ON lot_search
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lot_search_match_counts_on_change();
--> statement-breakpoint
CREATE TRIGGER lot_search_match_counts_deleted AFTER DELETE ON lot_search
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lot_search_match_counts_on_change();
--> statement-breakpoint
CREATE TRIGGER lot_search_match_counts_updated AFTER UPDATE ON lot_search
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lot_search_match_counts_on_change();
--> statement-breakpoint

-- Starts counting a term (a lower-case word of letters, as search_terms holds them); false if it already was.
-- Writers hold the clock row FOR SHARE from their trigger until they commit: once it is taken FOR UPDATE here,
-- every lot written before is committed and read by the backfill, and every later write waits, then sees the term.
-- The row is rewritten (to itself) so that a repeatable-read writer fails instead of using the old list of terms.
CREATE FUNCTION lot_search_count_term(new_term text) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE t timestamptz;
BEGIN
  IF new_term !~ '^[[:alpha:]]{2,}$' OR new_term <> lower(new_term) THEN
    RAISE EXCEPTION 'lot_search_count_term: % is not a lower-case word of letters', new_term;
  END IF;
  SELECT at INTO t FROM lot_search_clock FOR UPDATE;
  UPDATE lot_search_clock SET at = t;
  INSERT INTO lot_search_counted_terms (term) VALUES (new_term) ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN RETURN false; END IF;
  INSERT INTO lot_search_match_counts
  SELECT new_term, NULL::double precision, NULL::double precision, category_id, brand_unique_name, type, status,
    hidden, private_sale, event_status,
    lot_search_quantity_key(quantity), lot_search_ended_class(ended_at, t), lot_search_start_class(start_at, t),
    count(*)
  FROM lot_search WHERE document @@ to_tsquery('simple', new_term || ':*')
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13;
  RETURN true;
END $$;
--> statement-breakpoint

-- The clock's move of migration 0044, which also reclassifies the moved lots' term and point counts.
CREATE OR REPLACE FUNCTION lot_search_clock_advance(target timestamptz) RETURNS timestamptz LANGUAGE plpgsql AS $$
DECLARE t timestamptz; moved lot_search[];
BEGIN
  SELECT at INTO t FROM lot_search_clock FOR UPDATE;
  IF target <= t THEN RETURN t; END IF;
  SELECT array_agg(s) INTO moved FROM lot_search s
  WHERE (ended_at > t AND ended_at <= target)
    OR (ended_at > t + interval '48 hours' AND ended_at <= target + interval '48 hours')
    OR (ended_at > t + interval '168 hours' AND ended_at <= target + interval '168 hours')
    OR (start_at > t AND start_at <= target);
  INSERT INTO lot_search_counts AS c
  SELECT category_id, brand_unique_name, type, status, hidden, private_sale, event_status,
    quantity, ended_class, start_class, sum(delta)
  FROM (
    SELECT category_id, brand_unique_name, type, status, hidden, private_sale, event_status,
      lot_search_quantity_key(quantity) AS quantity, lot_search_ended_class(ended_at, target) AS ended_class,
      lot_search_start_class(start_at, target) AS start_class, 1 AS delta
    FROM unnest(moved)
    UNION ALL
    SELECT category_id, brand_unique_name, type, status, hidden, private_sale, event_status,
      lot_search_quantity_key(quantity), lot_search_ended_class(ended_at, t), lot_search_start_class(start_at, t), -1
    FROM unnest(moved)
  ) d
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  ON CONFLICT ON CONSTRAINT lot_search_counts_key DO UPDATE SET n = c.n + excluded.n;
  DELETE FROM lot_search_counts WHERE n = 0;
  PERFORM lot_search_match_counts_move(moved, target, moved, t);
  UPDATE lot_search_clock SET at = target;
  RETURN target;
END $$;
--> statement-breakpoint

-- Backfill (the migration holds lot_search while it runs): every point, and the terms of more than 1 % of the lots
-- (at least 1,000); the API adds terms that become that common later (search/search-clock.ts).
INSERT INTO lot_search_counted_terms (term)
SELECT term FROM search_terms
WHERE term ~ '^[[:alpha:]]{2,}$' AND term = lower(term)
  AND frequency >= greatest(1000, (SELECT coalesce(sum(n), 0) FROM lot_search_counts) / 100);
--> statement-breakpoint
INSERT INTO lot_search_match_counts
SELECT k.key_term, k.key_lat, k.key_lon, s.category_id, s.brand_unique_name, s.type, s.status, s.hidden,
  s.private_sale, s.event_status, lot_search_quantity_key(s.quantity), lot_search_ended_class(s.ended_at, c.at),
  lot_search_start_class(s.start_at, c.at), count(*)
FROM lot_search s CROSS JOIN lot_search_clock c CROSS JOIN LATERAL lot_search_match_keys(s.document, s.lat, s.lon) k
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13;
