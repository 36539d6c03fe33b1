ALTER TABLE "branches" ADD COLUMN "time_zone" text DEFAULT 'Europe/London' NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "opening_hours" jsonb;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "legal" jsonb;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "facts" jsonb;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "price_history" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "status_history" jsonb DEFAULT '[]'::jsonb NOT NULL;