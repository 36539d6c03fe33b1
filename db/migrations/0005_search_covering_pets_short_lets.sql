-- Lettings filters (pets, short lets) join the covered columns of the sort indexes, so a lettings search with them
-- still finds its page's ids by an index-only scan (docs/performance.md). Hand-written like 0002.
DROP INDEX IF EXISTS "properties_channel_status_price_idx";--> statement-breakpoint
CREATE INDEX "properties_channel_status_price_idx" ON "properties" USING btree ("channel","status","price_value","id") INCLUDE ("is_published", "bedrooms", "pets_allowed", "short_let");--> statement-breakpoint
DROP INDEX IF EXISTS "properties_sort_price_desc_idx";--> statement-breakpoint
CREATE INDEX "properties_sort_price_desc_idx" ON "properties" USING btree ("channel","status","price_value" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("is_published", "bedrooms", "pets_allowed", "short_let");--> statement-breakpoint
DROP INDEX IF EXISTS "properties_sort_created_idx";--> statement-breakpoint
CREATE INDEX "properties_sort_created_idx" ON "properties" USING btree ("channel","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("is_published", "bedrooms", "price_value", "pets_allowed", "short_let");--> statement-breakpoint
DROP INDEX IF EXISTS "properties_sort_launched_idx";--> statement-breakpoint
CREATE INDEX "properties_sort_launched_idx" ON "properties" USING btree ("channel","status","launched_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("is_published", "bedrooms", "price_value", "pets_allowed", "short_let");--> statement-breakpoint
DROP INDEX IF EXISTS "properties_sort_updated_idx";--> statement-breakpoint
CREATE INDEX "properties_sort_updated_idx" ON "properties" USING btree ("channel","status","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("is_published", "bedrooms", "price_value", "pets_allowed", "short_let");--> statement-breakpoint
DROP INDEX IF EXISTS "properties_sort_sqft_desc_idx";--> statement-breakpoint
CREATE INDEX "properties_sort_sqft_desc_idx" ON "properties" USING btree ("channel","status","square_feet" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("is_published", "bedrooms", "price_value", "pets_allowed", "short_let");--> statement-breakpoint
DROP INDEX IF EXISTS "properties_sort_sqft_asc_idx";--> statement-breakpoint
CREATE INDEX "properties_sort_sqft_asc_idx" ON "properties" USING btree ("channel","status","square_feet","id") INCLUDE ("is_published", "bedrooms", "price_value", "pets_allowed", "short_let");
