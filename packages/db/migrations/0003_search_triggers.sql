-- Keeps the search projection (lot_search) and its vocabulary (search_terms)
-- in step with the tables they are built from, inside the writing transaction:
-- a rollback leaves both untouched, and no job can fall behind.
--
-- Inserts and deletes of lots are statement-level triggers with transition
-- tables, so the seed's bulk `insert … select from unnest` costs one
-- projection statement per chunk, not one per row. Updates are row-level with a
-- WHEN clause on the columns the projection uses: a bid (current amount, bid
-- count) never enters PL/pgSQL.

-- What one lot's projection row is. Point: the lot's own, else its disposition
-- location's, as the card shows it.
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
  c.path_id AS category_path,
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

-- Rebuilds the projection rows of the given lots; a lot that no longer exists loses its row.
CREATE FUNCTION lot_search_sync(ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM lot_search WHERE lot_id = ANY (ids) AND NOT EXISTS (SELECT 1 FROM event_lots WHERE id = lot_id);
  INSERT INTO lot_search SELECT * FROM lot_search_source WHERE lot_id = ANY (ids)
  ON CONFLICT (lot_id) DO UPDATE SET
    event_id = excluded.event_id, company_id = excluded.company_id, type = excluded.type,
    status = excluded.status, hidden = excluded.hidden, quantity = excluded.quantity,
    event_status = excluded.event_status, private_sale = excluded.private_sale,
    category_id = excluded.category_id, category_path = excluded.category_path,
    brand_id = excluded.brand_id, brand_unique_name = excluded.brand_unique_name,
    number = excluded.number, name = excluded.name, created_at = excluded.created_at,
    start_at = excluded.start_at, ended_at = excluded.ended_at, sequence = excluded.sequence,
    lat = excluded.lat, lon = excluded.lon, document = excluded.document;
END $$;
--> statement-breakpoint

CREATE FUNCTION lot_search_on_lots_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lot_search SELECT s.* FROM lot_search_source s JOIN new_lots n ON n.id = s.lot_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lot_search_lots_inserted AFTER INSERT ON event_lots
  REFERENCING NEW TABLE AS new_lots FOR EACH STATEMENT EXECUTE FUNCTION lot_search_on_lots_inserted();
--> statement-breakpoint

CREATE FUNCTION lot_search_on_lots_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM lot_search s USING old_lots o WHERE s.lot_id = o.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lot_search_lots_deleted AFTER DELETE ON event_lots
  REFERENCING OLD TABLE AS old_lots FOR EACH STATEMENT EXECUTE FUNCTION lot_search_on_lots_deleted();
--> statement-breakpoint

CREATE FUNCTION lot_search_on_lot_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lot_search_sync(ARRAY[OLD.id, NEW.id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lot_search_lot_updated AFTER UPDATE ON event_lots FOR EACH ROW
  WHEN ((OLD.id, OLD.event_id, OLD.company_id, OLD.type, OLD.status, OLD.hidden_from_marketplace, OLD.quantity,
         OLD.product_category_id, OLD.brand_id, OLD.number, OLD.name, OLD.created_at, OLD.start_at, OLD.ended_at,
         OLD.sequence, OLD.lat, OLD.lon, OLD.disposition_location_id)
    IS DISTINCT FROM (NEW.id, NEW.event_id, NEW.company_id, NEW.type, NEW.status, NEW.hidden_from_marketplace,
         NEW.quantity, NEW.product_category_id, NEW.brand_id, NEW.number, NEW.name, NEW.created_at, NEW.start_at,
         NEW.ended_at, NEW.sequence, NEW.lat, NEW.lon, NEW.disposition_location_id))
  EXECUTE FUNCTION lot_search_on_lot_updated();
--> statement-breakpoint

-- An event's status or private-sale flag is copied onto each of its lots' rows.
CREATE FUNCTION lot_search_on_event_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE lot_search SET event_status = NEW.status, private_sale = NEW.private_sale WHERE event_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lot_search_event_updated AFTER UPDATE ON events FOR EACH ROW
  WHEN ((OLD.status, OLD.private_sale) IS DISTINCT FROM (NEW.status, NEW.private_sale))
  EXECUTE FUNCTION lot_search_on_event_updated();
--> statement-breakpoint

-- A category move (path) or rename (document), a brand rename, a location
-- move: rebuild the rows of the lots that point at it.
CREATE FUNCTION lot_search_on_category_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lot_search_sync(ARRAY(SELECT id FROM event_lots WHERE product_category_id = NEW.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lot_search_category_updated AFTER UPDATE ON product_categories FOR EACH ROW
  WHEN ((OLD.path_id, OLD.name) IS DISTINCT FROM (NEW.path_id, NEW.name))
  EXECUTE FUNCTION lot_search_on_category_updated();
--> statement-breakpoint

CREATE FUNCTION lot_search_on_brand_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lot_search_sync(ARRAY(SELECT id FROM event_lots WHERE brand_id = NEW.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lot_search_brand_updated AFTER UPDATE ON brands FOR EACH ROW
  WHEN ((OLD.name, OLD.unique_name) IS DISTINCT FROM (NEW.name, NEW.unique_name))
  EXECUTE FUNCTION lot_search_on_brand_updated();
--> statement-breakpoint

CREATE FUNCTION lot_search_on_location_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lot_search_sync(ARRAY(SELECT id FROM event_lots WHERE disposition_location_id = NEW.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lot_search_location_updated AFTER UPDATE ON disposition_locations FOR EACH ROW
  WHEN ((OLD.lat, OLD.lon) IS DISTINCT FROM (NEW.lat, NEW.lon))
  EXECUTE FUNCTION lot_search_on_location_updated();
--> statement-breakpoint

-- Vocabulary: the alphabetic lexemes of each projection document, counted per
-- document. Every change is one upsert of signed deltas in term order, so two
-- transactions touching the same terms lock them in the same order (no deadlock).
-- Terms that fall to frequency 0 stay (cheap) and are ignored by the lookup.
CREATE FUNCTION search_terms_on_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms (term, frequency)
  SELECT w.lexeme, count(*) FROM new_docs, unnest(new_docs.document) w
  WHERE w.lexeme ~ '^[[:alpha:]]{2,}$' GROUP BY w.lexeme ORDER BY w.lexeme
  ON CONFLICT (term) DO UPDATE SET frequency = search_terms.frequency + excluded.frequency;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_terms_inserted AFTER INSERT ON lot_search
  REFERENCING NEW TABLE AS new_docs FOR EACH STATEMENT EXECUTE FUNCTION search_terms_on_inserted();
--> statement-breakpoint

CREATE FUNCTION search_terms_on_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms (term, frequency)
  SELECT w.lexeme, -count(*) FROM old_docs, unnest(old_docs.document) w
  WHERE w.lexeme ~ '^[[:alpha:]]{2,}$' GROUP BY w.lexeme ORDER BY w.lexeme
  ON CONFLICT (term) DO UPDATE SET frequency = search_terms.frequency + excluded.frequency;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_terms_deleted AFTER DELETE ON lot_search
  REFERENCING OLD TABLE AS old_docs FOR EACH STATEMENT EXECUTE FUNCTION search_terms_on_deleted();
--> statement-breakpoint

CREATE FUNCTION search_terms_on_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms (term, frequency)
  SELECT lexeme, sum(delta) FROM (
    SELECT w.lexeme, 1 AS delta FROM new_docs n JOIN old_docs o USING (lot_id), unnest(n.document) w
    WHERE n.document <> o.document
    UNION ALL
    SELECT w.lexeme, -1 FROM new_docs n JOIN old_docs o USING (lot_id), unnest(o.document) w
    WHERE n.document <> o.document
  ) d
  WHERE lexeme ~ '^[[:alpha:]]{2,}$' GROUP BY lexeme HAVING sum(delta) <> 0 ORDER BY lexeme
  ON CONFLICT (term) DO UPDATE SET frequency = search_terms.frequency + excluded.frequency;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_terms_updated AFTER UPDATE ON lot_search
  REFERENCING OLD TABLE AS old_docs NEW TABLE AS new_docs FOR EACH STATEMENT EXECUTE FUNCTION search_terms_on_updated();
--> statement-breakpoint

-- Backfill the lots that exist before this migration (the triggers fill search_terms).
INSERT INTO lot_search SELECT * FROM lot_search_source;
