-- A staff catalog change that moves many lots at once (a category merged or
-- moved, a brand merged: decision 0083) rewrites the lots' search projection
-- rows in one set-based UPDATE of lot_search, so the count and vocabulary
-- triggers run once per statement instead of once per lot. Such a writer sets
-- lotline.lot_search_bulk = 'on' for its own transaction only
-- (set_config(…, true)), and these row triggers then leave the rows to it.
-- Every other writer leaves the setting unset and is synced row by row as before.
DROP TRIGGER lot_search_lot_updated ON event_lots;
--> statement-breakpoint
CREATE TRIGGER lot_search_lot_updated AFTER UPDATE ON event_lots FOR EACH ROW
  WHEN ((OLD.id, OLD.event_id, OLD.company_id, OLD.type, OLD.status, OLD.hidden_from_marketplace, OLD.quantity,
         OLD.product_category_id, OLD.brand_id, OLD.number, OLD.name, OLD.created_at, OLD.start_at, OLD.ended_at,
         OLD.sequence, OLD.lat, OLD.lon, OLD.disposition_location_id)
    IS DISTINCT FROM (NEW.id, NEW.event_id, NEW.company_id, NEW.type, NEW.status, NEW.hidden_from_marketplace,
         NEW.quantity, NEW.product_category_id, NEW.brand_id, NEW.number, NEW.name, NEW.created_at, NEW.start_at,
         NEW.ended_at, NEW.sequence, NEW.lat, NEW.lon, NEW.disposition_location_id)
    AND coalesce(current_setting('lotline.lot_search_bulk', true), '') <> 'on')
  EXECUTE FUNCTION lot_search_on_lot_updated();
--> statement-breakpoint
DROP TRIGGER lot_search_category_updated ON product_categories;
--> statement-breakpoint
CREATE TRIGGER lot_search_category_updated AFTER UPDATE ON product_categories FOR EACH ROW
  WHEN ((OLD.path_id, OLD.name) IS DISTINCT FROM (NEW.path_id, NEW.name)
    AND coalesce(current_setting('lotline.lot_search_bulk', true), '') <> 'on')
  EXECUTE FUNCTION lot_search_on_category_updated();
