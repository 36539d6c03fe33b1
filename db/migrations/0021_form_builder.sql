ALTER TABLE "form_definitions" ADD COLUMN "thank_you_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "form_definitions" ADD COLUMN "redirect_path" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "form_definitions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;