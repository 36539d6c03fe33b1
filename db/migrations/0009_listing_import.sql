CREATE TABLE "import_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"counts" jsonb NOT NULL,
	"records" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"record_count" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "properties" ALTER COLUMN "location" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "feed_code" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "documents" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "source_ref" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "import_runs_source_started_idx" ON "import_runs" USING btree ("source","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "branches_feed_code_idx" ON "branches" USING btree ("feed_code");--> statement-breakpoint
CREATE UNIQUE INDEX "properties_source_ref_idx" ON "properties" USING btree ("source","source_ref");