ALTER TABLE "branches" ADD COLUMN "covered_postcode_districts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_members" ADD COLUMN "bio" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_members" ADD COLUMN "is_shown_on_site" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_members" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;