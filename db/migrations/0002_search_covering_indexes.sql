-- Covering indexes for search (docs/performance.md, issue 3). Drizzle's schema cannot express INCLUDE, so this is a
-- hand-written migration: the index names and key columns stay those of db/schema/properties.ts; only the
-- INCLUDE lists are added. They let the page query find ids with an index-only scan (the card rows are then read
-- by id) and let the capped count and the density probe of a drawn area or radius run without touching the table.
DROP INDEX IF EXISTS "properties_location_gist";--> statement-breakpoint
CREATE INDEX "properties_location_gist" ON "properties" USING gist ("location") INCLUDE ("channel", "status", "is_published");--> statement-breakpoint
DROP INDEX IF EXISTS "properties_channel_status_price_idx";--> statement-breakpoint
CREATE INDEX "properties_channel_status_price_idx" ON "properties" USING btree ("channel","status","price_value","id") INCLUDE ("is_published", "bedrooms");--> statement-breakpoint
DROP INDEX IF EXISTS "properties_sort_price_desc_idx";--> statement-breakpoint
CREATE INDEX "properties_sort_price_desc_idx" ON "properties" USING btree ("channel","status","price_value" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("is_published", "bedrooms");--> statement-breakpoint
DROP INDEX IF EXISTS "properties_sort_created_idx";--> statement-breakpoint
CREATE INDEX "properties_sort_created_idx" ON "properties" USING btree ("channel","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("is_published", "bedrooms", "price_value");--> statement-breakpoint
DROP INDEX IF EXISTS "properties_sort_launched_idx";--> statement-breakpoint
CREATE INDEX "properties_sort_launched_idx" ON "properties" USING btree ("channel","status","launched_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("is_published", "bedrooms", "price_value");--> statement-breakpoint
DROP INDEX IF EXISTS "properties_sort_updated_idx";--> statement-breakpoint
CREATE INDEX "properties_sort_updated_idx" ON "properties" USING btree ("channel","status","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("is_published", "bedrooms", "price_value");--> statement-breakpoint
DROP INDEX IF EXISTS "properties_sort_sqft_desc_idx";--> statement-breakpoint
CREATE INDEX "properties_sort_sqft_desc_idx" ON "properties" USING btree ("channel","status","square_feet" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("is_published", "bedrooms", "price_value");--> statement-breakpoint
DROP INDEX IF EXISTS "properties_sort_sqft_asc_idx";--> statement-breakpoint
CREATE INDEX "properties_sort_sqft_asc_idx" ON "properties" USING btree ("channel","status","square_feet","id") INCLUDE ("is_published", "bedrooms", "price_value");
