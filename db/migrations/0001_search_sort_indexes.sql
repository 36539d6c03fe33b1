DROP INDEX "properties_channel_status_price_idx";--> statement-breakpoint
CREATE INDEX "properties_sort_price_desc_idx" ON "properties" USING btree ("channel","status","price_value" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "properties_sort_created_idx" ON "properties" USING btree ("channel","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "properties_sort_launched_idx" ON "properties" USING btree ("channel","status","launched_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "properties_sort_updated_idx" ON "properties" USING btree ("channel","status","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "properties_sort_sqft_desc_idx" ON "properties" USING btree ("channel","status","square_feet" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "properties_sort_sqft_asc_idx" ON "properties" USING btree ("channel","status","square_feet","id");--> statement-breakpoint
CREATE INDEX "properties_place_idx" ON "properties" USING btree ("place_id");--> statement-breakpoint
CREATE INDEX "properties_channel_status_price_idx" ON "properties" USING btree ("channel","status","price_value","id");