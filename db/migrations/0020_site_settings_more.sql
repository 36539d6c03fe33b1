CREATE TABLE "lead_routing_rules" (
	"kind" text PRIMARY KEY NOT NULL,
	"branch_id" integer,
	"staff_account_id" integer
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "favicon_url" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "mail_from_name" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "mail_from_address" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "section_versions" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_routing_rules" ADD CONSTRAINT "lead_routing_rules_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_routing_rules" ADD CONSTRAINT "lead_routing_rules_staff_account_id_staff_accounts_id_fk" FOREIGN KEY ("staff_account_id") REFERENCES "public"."staff_accounts"("id") ON DELETE cascade ON UPDATE no action;