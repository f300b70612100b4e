-- Lots share points, so lat and lon are one value together: with only
-- per-column statistics the planner multiplies their frequencies and expects
-- about 1/67th of a point's lots when a geo search names its points
-- (apps/api/src/modules/search/lot-search-filter.ts), and then reads every
-- lot of those points instead of walking the end-time index for one page.
-- The combined most-common-values list gives it the true counts.
CREATE STATISTICS lot_search_point_stats (mcv) ON lat, lon FROM lot_search;
