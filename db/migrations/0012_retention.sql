ALTER TABLE "site_settings" ADD COLUMN "lead_retention_months" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","at");