-- Counting a text search (issue 3, docs/performance.md): the listing's words plus two scope words for its channel and
-- status ('zzchsales', 'zzstavailable'), so one GIN lookup finds "orchard in sales, available" without intersecting a
-- B-tree scan of every available sale. The expression must match SCOPED_SEARCH_VECTOR in
-- app/features/search/search-query.server.ts exactly. Hand-written: Drizzle's schema does not model it.
CREATE INDEX IF NOT EXISTS "properties_search_scope_gin" ON "properties" USING gin ((search_vector || to_tsvector('simple', 'zzch' || channel || ' zzst' || replace(status, '-', ''))));
