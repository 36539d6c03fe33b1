ALTER TABLE "site_settings" ADD COLUMN "lead_retention_months" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
CREATE INDEX "consent_logs_consent_idx" ON "consent_logs" USING btree ("consent_id");--> statement-breakpoint
CREATE INDEX "email_outbox_to_lower_idx" ON "email_outbox" USING btree (lower("to_address"));--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","at");