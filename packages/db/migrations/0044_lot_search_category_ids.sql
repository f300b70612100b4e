-- Decision 0086: the search projection and its count table no longer hold a
-- lot's category path, only its category id. A browse of a category names the
-- ids of its subtree, read from product_categories at query time (a few
-- hundred rows), and the facets roll counts up by id, so moving a branch of
-- the tree (or re-hanging a merged category's children) changes no row of
-- lot_search or lot_search_counts. Drizzle generated the column, key and
-- index statements; the view, the functions, the category trigger, the
-- covering point index and the recount are written by hand.
--
-- The view reads the column that goes: it is dropped first and made again below.
DROP VIEW lot_search_source;
--> statement-breakpoint
ALTER TABLE "lot_search_counts" DROP CONSTRAINT "lot_search_counts_key";--> statement-breakpoint
DROP INDEX "lot_search_category_path_idx";--> statement-breakpoint
CREATE INDEX "lot_search_category_idx" ON "lot_search" USING btree ("category_id");--> statement-breakpoint
-- Also drops lot_search_point_idx (it includes the column); made again below.
ALTER TABLE "lot_search" DROP COLUMN "category_path";--> statement-breakpoint
ALTER TABLE "lot_search_counts" DROP COLUMN "category_path";--> statement-breakpoint
-- Recount the projection as it stands (the migration holds both tables exclusively): exact whatever the old rows were.
DELETE FROM lot_search_counts;
--> statement-breakpoint
INSERT INTO lot_search_counts
SELECT category_id, brand_unique_name, type, status, hidden, private_sale, event_status,
  lot_search_quantity_key(quantity), lot_search_ended_class(ended_at, c.at), lot_search_start_class(start_at, c.at),
  count(*)
FROM lot_search, lot_search_clock c GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;
--> statement-breakpoint
ALTER TABLE "lot_search_counts" ADD CONSTRAINT "lot_search_counts_key" UNIQUE NULLS NOT DISTINCT("category_id","brand_unique_name","type","status","hidden","private_sale","event_status","quantity","ended_class","start_class");
--> statement-breakpoint

-- What one lot's projection row is (migration 0003, without the path).
CREATE VIEW lot_search_source AS
SELECT
  l.id AS lot_id,
  l.event_id,
  l.company_id,
  l.type,
  l.status,
  l.hidden_from_marketplace AS hidden,
  l.quantity,
  e.status AS event_status,
  coalesce(e.private_sale, false) AS private_sale,
  l.product_category_id AS category_id,
  l.brand_id,
  b.unique_name AS brand_unique_name,
  l.number,
  l.name,
  l.created_at,
  l.start_at,
  l.ended_at,
  l.sequence,
  CASE WHEN l.lat IS NOT NULL AND l.lon IS NOT NULL THEN l.lat ELSE d.lat END AS lat,
  CASE WHEN l.lat IS NOT NULL AND l.lon IS NOT NULL THEN l.lon ELSE d.lon END AS lon,
  setweight(to_tsvector('simple', l.name), 'A')
    || setweight(to_tsvector('simple', concat_ws(' ', l.number, b.name, c.name)), 'B') AS document
FROM event_lots l
LEFT JOIN events e ON e.id = l.event_id
LEFT JOIN product_categories c ON c.id = l.product_category_id
LEFT JOIN brands b ON b.id = l.brand_id
LEFT JOIN disposition_locations d ON d.id = l.disposition_location_id;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION lot_search_sync(ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM lot_search WHERE lot_id = ANY (ids) AND NOT EXISTS (SELECT 1 FROM event_lots WHERE id = lot_id);
  INSERT INTO lot_search SELECT * FROM lot_search_source WHERE lot_id = ANY (ids)
  ON CONFLICT (lot_id) DO UPDATE SET
    event_id = excluded.event_id, company_id = excluded.company_id, type = excluded.type,
    status = excluded.status, hidden = excluded.hidden, quantity = excluded.quantity,
    event_status = excluded.event_status, private_sale = excluded.private_sale,
    category_id = excluded.category_id,
    brand_id = excluded.brand_id, brand_unique_name = excluded.brand_unique_name,
    number = excluded.number, name = excluded.name, created_at = excluded.created_at,
    start_at = excluded.start_at, ended_at = excluded.ended_at, sequence = excluded.sequence,
    lat = excluded.lat, lon = excluded.lon, document = excluded.document;
END $$;
--> statement-breakpoint

-- A category's lots depend on its name only (the document); its place in the tree is read at query time.
DROP TRIGGER lot_search_category_updated ON product_categories;
--> statement-breakpoint
CREATE TRIGGER lot_search_category_updated AFTER UPDATE ON product_categories FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name
    AND coalesce(current_setting('lotline.lot_search_bulk', true), '') <> 'on')
  EXECUTE FUNCTION lot_search_on_category_updated();
--> statement-breakpoint

-- The count triggers and the clock of migration 0005, keyed without the path.
CREATE OR REPLACE FUNCTION lot_search_counts_on_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE t timestamptz;
BEGIN
  SELECT at INTO t FROM lot_search_clock FOR SHARE;
  INSERT INTO lot_search_counts AS c
  SELECT category_id, brand_unique_name, type, status, hidden, private_sale, event_status,
    lot_search_quantity_key(quantity), lot_search_ended_class(ended_at, t), lot_search_start_class(start_at, t),
    count(*)
  FROM new_rows GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  ON CONFLICT ON CONSTRAINT lot_search_counts_key DO UPDATE SET n = c.n + excluded.n;
  INSERT INTO lot_search_points AS p
  SELECT lat, lon, count(*) FROM new_rows WHERE lat IS NOT NULL AND lon IS NOT NULL
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (lat, lon) DO UPDATE SET n = p.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION lot_search_counts_on_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE t timestamptz;
BEGIN
  SELECT at INTO t FROM lot_search_clock FOR SHARE;
  INSERT INTO lot_search_counts AS c
  SELECT category_id, brand_unique_name, type, status, hidden, private_sale, event_status,
    lot_search_quantity_key(quantity), lot_search_ended_class(ended_at, t), lot_search_start_class(start_at, t),
    -count(*)
  FROM old_rows GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  ON CONFLICT ON CONSTRAINT lot_search_counts_key DO UPDATE SET n = c.n + excluded.n;
  DELETE FROM lot_search_counts WHERE n = 0;
  INSERT INTO lot_search_points AS p
  SELECT lat, lon, -count(*) FROM old_rows WHERE lat IS NOT NULL AND lon IS NOT NULL
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (lat, lon) DO UPDATE SET n = p.n + excluded.n;
  DELETE FROM lot_search_points WHERE n = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION lot_search_counts_on_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE t timestamptz;
BEGIN
  SELECT at INTO t FROM lot_search_clock FOR SHARE;
  INSERT INTO lot_search_counts AS c
  SELECT category_id, brand_unique_name, type, status, hidden, private_sale, event_status,
    quantity, ended_class, start_class, sum(delta)
  FROM (
    SELECT category_id, brand_unique_name, type, status, hidden, private_sale, event_status,
      lot_search_quantity_key(quantity) AS quantity, lot_search_ended_class(ended_at, t) AS ended_class,
      lot_search_start_class(start_at, t) AS start_class, 1 AS delta
    FROM new_rows
    UNION ALL
    SELECT category_id, brand_unique_name, type, status, hidden, private_sale, event_status,
      lot_search_quantity_key(quantity), lot_search_ended_class(ended_at, t), lot_search_start_class(start_at, t), -1
    FROM old_rows
  ) d
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  ON CONFLICT ON CONSTRAINT lot_search_counts_key DO UPDATE SET n = c.n + excluded.n;
  DELETE FROM lot_search_counts WHERE n = 0;
  INSERT INTO lot_search_points AS p
  SELECT lat, lon, sum(delta) FROM (
    SELECT lat, lon, 1 AS delta FROM new_rows UNION ALL SELECT lat, lon, -1 FROM old_rows
  ) d
  WHERE lat IS NOT NULL AND lon IS NOT NULL GROUP BY 1, 2 HAVING sum(delta) <> 0 ORDER BY 1, 2
  ON CONFLICT (lat, lon) DO UPDATE SET n = p.n + excluded.n;
  DELETE FROM lot_search_points WHERE n = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION lot_search_clock_advance(target timestamptz) RETURNS timestamptz LANGUAGE plpgsql AS $$
DECLARE t timestamptz;
BEGIN
  SELECT at INTO t FROM lot_search_clock FOR UPDATE;
  IF target <= t THEN RETURN t; END IF;
  WITH moved AS (
    SELECT * FROM lot_search
    WHERE (ended_at > t AND ended_at <= target)
      OR (ended_at > t + interval '48 hours' AND ended_at <= target + interval '48 hours')
      OR (ended_at > t + interval '168 hours' AND ended_at <= target + interval '168 hours')
      OR (start_at > t AND start_at <= target)
  )
  INSERT INTO lot_search_counts AS c
  SELECT category_id, brand_unique_name, type, status, hidden, private_sale, event_status,
    quantity, ended_class, start_class, sum(delta)
  FROM (
    SELECT category_id, brand_unique_name, type, status, hidden, private_sale, event_status,
      lot_search_quantity_key(quantity) AS quantity, lot_search_ended_class(ended_at, target) AS ended_class,
      lot_search_start_class(start_at, target) AS start_class, 1 AS delta
    FROM moved
    UNION ALL
    SELECT category_id, brand_unique_name, type, status, hidden, private_sale, event_status,
      lot_search_quantity_key(quantity), lot_search_ended_class(ended_at, t), lot_search_start_class(start_at, t), -1
    FROM moved
  ) d
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  ON CONFLICT ON CONSTRAINT lot_search_counts_key DO UPDATE SET n = c.n + excluded.n;
  DELETE FROM lot_search_counts WHERE n = 0;
  UPDATE lot_search_clock SET at = target;
  RETURN target;
END $$;
--> statement-breakpoint

-- The covering index of the near-me walk and the geo counts (migration 0005), without the path.
CREATE INDEX lot_search_point_idx ON lot_search (lat, lon, lot_id)
  INCLUDE (category_id, brand_unique_name, type, status, hidden, private_sale, event_status,
    quantity, ended_at, start_at)
  WHERE lat IS NOT NULL AND lon IS NOT NULL;
--> statement-breakpoint

-- The vocabulary of updated documents (migration 0003) without joining the two transition tables. PL/pgSQL plans
-- a statement once per session and keeps the plan, so the join was planned for the first update's row count: after
-- a small or empty update on a connection (a lot edit, a merge batch that found nothing) a bulk update of 10,000
-- rows ran it as a nested loop, 10,000 × 10,000 document comparisons (a leaf merge at 1,000,000 lots hit the 30 s
-- statement timeout). Each old document now counts −1 per lexeme and each new one +1: an unchanged document nets
-- to zero, and the cost is linear in the rows whatever the plan.
CREATE OR REPLACE FUNCTION search_terms_on_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms (term, frequency)
  SELECT lexeme, sum(delta) FROM (
    SELECT w.lexeme, 1 AS delta FROM new_docs, unnest(new_docs.document) w
    UNION ALL
    SELECT w.lexeme, -1 FROM old_docs, unnest(old_docs.document) w
  ) d
  WHERE lexeme ~ '^[[:alpha:]]{2,}$' GROUP BY lexeme HAVING sum(delta) <> 0 ORDER BY lexeme
  ON CONFLICT (term) DO UPDATE SET frequency = search_terms.frequency + excluded.frequency;
  RETURN NULL;
END $$;
