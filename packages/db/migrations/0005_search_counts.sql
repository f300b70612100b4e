CREATE TABLE "lot_search_clock" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "lot_search_clock_one_row" CHECK ("lot_search_clock"."id")
);
--> statement-breakpoint
CREATE TABLE "lot_search_counts" (
	"category_id" text,
	"category_path" text,
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
	CONSTRAINT "lot_search_counts_key" UNIQUE NULLS NOT DISTINCT("category_id","category_path","brand_unique_name","type","status","hidden","private_sale","event_status","quantity","ended_class","start_class")
);
--> statement-breakpoint
CREATE TABLE "lot_search_points" (
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "lot_search_points_lat_lon_pk" PRIMARY KEY("lat","lon")
);
--> statement-breakpoint
CREATE INDEX "lot_search_counts_empty_idx" ON "lot_search_counts" USING btree ("n") WHERE "lot_search_counts"."n" = 0;--> statement-breakpoint
CREATE INDEX "lot_search_points_earth_idx" ON "lot_search_points" USING gist (ll_to_earth("lat", "lon"));--> statement-breakpoint
CREATE INDEX "lot_search_global_sequence_idx" ON "lot_search" USING btree ("sequence","lot_id");--> statement-breakpoint
CREATE INDEX "lot_search_start_idx" ON "lot_search" USING btree ("start_at");--> statement-breakpoint

-- Counts of the search projection per filter combination, with times as
-- classes relative to lot_search_clock (see lot_search_counts in
-- packages/db/src/schema/search.ts). These functions are the only definition
-- of the classes: the triggers, the clock and the API's searches call them.
-- The windows are whole hours so that no time-zone rule can move them.
CREATE FUNCTION lot_search_ended_class(ended_at timestamptz, at timestamptz) RETURNS smallint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (CASE WHEN ended_at IS NULL THEN NULL
    WHEN ended_at <= at THEN 0
    WHEN ended_at <= at + interval '48 hours' THEN 1
    WHEN ended_at <= at + interval '168 hours' THEN 2
    ELSE 3 END)::smallint
$$;
--> statement-breakpoint
CREATE FUNCTION lot_search_start_class(start_at timestamptz, at timestamptz) RETURNS smallint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (CASE WHEN start_at IS NULL THEN NULL WHEN start_at <= at THEN 0 ELSE 1 END)::smallint
$$;
--> statement-breakpoint
CREATE FUNCTION lot_search_quantity_key(quantity integer) RETURNS smallint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (CASE WHEN quantity >= 1 THEN 1 ELSE 0 END)::smallint
$$;
--> statement-breakpoint
-- The latest time of a class: what a search reads a classified time as.
CREATE FUNCTION lot_search_ended_bound(class smallint, at timestamptz) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE class WHEN 0 THEN at WHEN 1 THEN at + interval '48 hours'
    WHEN 2 THEN at + interval '168 hours' WHEN 3 THEN 'infinity'::timestamptz END
$$;
--> statement-breakpoint
CREATE FUNCTION lot_search_start_bound(class smallint, at timestamptz) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE class WHEN 0 THEN at WHEN 1 THEN 'infinity'::timestamptz END
$$;
--> statement-breakpoint
-- A time compared with instant q is misread (its class's bound answers
-- otherwise) only if it lies in q's own class, at or before q: from the start
-- of that class (returned here, exclusive) up to q.
CREATE FUNCTION lot_search_ended_misread_from(q timestamptz, at timestamptz) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN q > at + interval '168 hours' THEN at + interval '168 hours'
    WHEN q > at + interval '48 hours' THEN at + interval '48 hours'
    WHEN q > at THEN at ELSE '-infinity'::timestamptz END
$$;
--> statement-breakpoint
CREATE FUNCTION lot_search_start_misread_from(q timestamptz, at timestamptz) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN q > at THEN at ELSE '-infinity'::timestamptz END
$$;
--> statement-breakpoint

-- The same triggers keep lot_search_points (rows per distinct point).
-- Every change is one upsert of signed deltas in key order (two transactions
-- touching the same keys lock them in the same order), then emptied keys go.
-- The clock row is read FOR SHARE so that advancing it waits for the writers
-- that classified rows by its old value, and they for it.
CREATE FUNCTION lot_search_counts_on_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE t timestamptz;
BEGIN
  SELECT at INTO t FROM lot_search_clock FOR SHARE;
  INSERT INTO lot_search_counts AS c
  SELECT category_id, category_path, brand_unique_name, type, status, hidden, private_sale, event_status,
    lot_search_quantity_key(quantity), lot_search_ended_class(ended_at, t), lot_search_start_class(start_at, t),
    count(*)
  FROM new_rows GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
  ON CONFLICT ON CONSTRAINT lot_search_counts_key DO UPDATE SET n = c.n + excluded.n;
  INSERT INTO lot_search_points AS p
  SELECT lat, lon, count(*) FROM new_rows WHERE lat IS NOT NULL AND lon IS NOT NULL
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (lat, lon) DO UPDATE SET n = p.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lot_search_counts_inserted AFTER INSERT ON lot_search
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lot_search_counts_on_inserted();
--> statement-breakpoint

CREATE FUNCTION lot_search_counts_on_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE t timestamptz;
BEGIN
  SELECT at INTO t FROM lot_search_clock FOR SHARE;
  INSERT INTO lot_search_counts AS c
  SELECT category_id, category_path, brand_unique_name, type, status, hidden, private_sale, event_status,
    lot_search_quantity_key(quantity), lot_search_ended_class(ended_at, t), lot_search_start_class(start_at, t),
    -count(*)
  FROM old_rows GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
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
CREATE TRIGGER lot_search_counts_deleted AFTER DELETE ON lot_search
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lot_search_counts_on_deleted();
--> statement-breakpoint

CREATE FUNCTION lot_search_counts_on_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE t timestamptz;
BEGIN
  SELECT at INTO t FROM lot_search_clock FOR SHARE;
  INSERT INTO lot_search_counts AS c
  SELECT category_id, category_path, brand_unique_name, type, status, hidden, private_sale, event_status,
    quantity, ended_class, start_class, sum(delta)
  FROM (
    SELECT category_id, category_path, brand_unique_name, type, status, hidden, private_sale, event_status,
      lot_search_quantity_key(quantity) AS quantity, lot_search_ended_class(ended_at, t) AS ended_class,
      lot_search_start_class(start_at, t) AS start_class, 1 AS delta
    FROM new_rows
    UNION ALL
    SELECT category_id, category_path, brand_unique_name, type, status, hidden, private_sale, event_status,
      lot_search_quantity_key(quantity), lot_search_ended_class(ended_at, t), lot_search_start_class(start_at, t), -1
    FROM old_rows
  ) d
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
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
CREATE TRIGGER lot_search_counts_updated AFTER UPDATE ON lot_search
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lot_search_counts_on_updated();
--> statement-breakpoint

-- Moves the clock forward to `target`, reclassifying the rows whose times
-- crossed a window edge since the last move (a minute's worth when run every
-- minute). Never moves back. Returns the clock's instant.
CREATE FUNCTION lot_search_clock_advance(target timestamptz) RETURNS timestamptz LANGUAGE plpgsql AS $$
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
  SELECT category_id, category_path, brand_unique_name, type, status, hidden, private_sale, event_status,
    quantity, ended_class, start_class, sum(delta)
  FROM (
    SELECT category_id, category_path, brand_unique_name, type, status, hidden, private_sale, event_status,
      lot_search_quantity_key(quantity) AS quantity, lot_search_ended_class(ended_at, target) AS ended_class,
      lot_search_start_class(start_at, target) AS start_class, 1 AS delta
    FROM moved
    UNION ALL
    SELECT category_id, category_path, brand_unique_name, type, status, hidden, private_sale, event_status,
      lot_search_quantity_key(quantity), lot_search_ended_class(ended_at, t), lot_search_start_class(start_at, t), -1
    FROM moved
  ) d
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
  ON CONFLICT ON CONSTRAINT lot_search_counts_key DO UPDATE SET n = c.n + excluded.n;
  DELETE FROM lot_search_counts WHERE n = 0;
  UPDATE lot_search_clock SET at = target;
  RETURN target;
END $$;
--> statement-breakpoint

-- The lots of one point in id order, with every column the browse filters
-- read, so the near-me walk and the geo counts read the index alone.
CREATE INDEX lot_search_point_idx ON lot_search (lat, lon, lot_id)
  INCLUDE (category_id, category_path, brand_unique_name, type, status, hidden, private_sale, event_status,
    quantity, ended_at, start_at)
  WHERE lat IS NOT NULL AND lon IS NOT NULL;
--> statement-breakpoint

-- Start the clock and count the projection as it stands.
INSERT INTO lot_search_clock (at) VALUES (now());
--> statement-breakpoint
INSERT INTO lot_search_counts
SELECT category_id, category_path, brand_unique_name, type, status, hidden, private_sale, event_status,
  lot_search_quantity_key(quantity), lot_search_ended_class(ended_at, c.at), lot_search_start_class(start_at, c.at),
  count(*)
FROM lot_search, lot_search_clock c GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11;
--> statement-breakpoint
INSERT INTO lot_search_points
SELECT lat, lon, count(*) FROM lot_search WHERE lat IS NOT NULL AND lon IS NOT NULL GROUP BY 1, 2;
