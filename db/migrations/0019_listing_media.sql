ALTER TABLE "properties" ADD COLUMN "site_hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "site_featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "feed_published" boolean;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "photo_order" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "properties" SET "feed_published" = "is_published" WHERE "source" IS NOT NULL;
