-- The back office's leads inbox (docs/decisions/020-leads-inbox.md).
CREATE TABLE "lead_counts" (
	"branch_key" integer NOT NULL,
	"kind" text NOT NULL,
	"stage" text NOT NULL,
	"assignee_key" integer NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "lead_counts_branch_key_kind_stage_assignee_key_pk" PRIMARY KEY("branch_key","kind","stage","assignee_key")
);
--> statement-breakpoint
CREATE TABLE "lead_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"actor_staff_id" integer,
	"kind" text NOT NULL,
	"from_value" text,
	"to_value" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"author_staff_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "leads_kind_created_idx";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "form_submission_id" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "stage" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "lost_reason" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "stage_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "assigned_staff_id" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce(email, '') || ' ' || replace(coalesce(email, ''), '@', ' ')) || jsonb_to_tsvector('simple', payload, '["string"]') || to_tsvector('simple', regexp_replace(coalesce(payload #>> '{lead_client,tel_home}', payload ->> 'tel_home', payload ->> 'phone', ''), '[^0-9]', '', 'g'))) STORED;--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_actor_staff_id_staff_accounts_id_fk" FOREIGN KEY ("actor_staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_author_staff_id_staff_accounts_id_fk" FOREIGN KEY ("author_staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_assigned_staff_id_staff_accounts_id_fk" FOREIGN KEY ("assigned_staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_events_lead_idx" ON "lead_events" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "lead_notes_lead_idx" ON "lead_notes" USING btree ("lead_id","created_at");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_form_submission_id_form_submissions_id_fk" FOREIGN KEY ("form_submission_id") REFERENCES "public"."form_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at","id") WHERE kind <> 'send-to-friend';--> statement-breakpoint
CREATE INDEX "leads_branch_created_idx" ON "leads" USING btree ("branch_id","created_at","id","kind","stage") WHERE kind <> 'send-to-friend';--> statement-breakpoint
CREATE INDEX "leads_stage_created_idx" ON "leads" USING btree ("stage","created_at","id") WHERE kind <> 'send-to-friend';--> statement-breakpoint
CREATE INDEX "leads_assignee_created_idx" ON "leads" USING btree ("assigned_staff_id","created_at","id") WHERE kind <> 'send-to-friend';--> statement-breakpoint
CREATE INDEX "leads_search_idx" ON "leads" USING gin ("search_vector");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_form_submission_idx" ON "leads" USING btree ("form_submission_id");--> statement-breakpoint
CREATE INDEX "email_outbox_related_idx" ON "email_outbox" USING btree ("related_kind","related_id");--> statement-breakpoint
CREATE INDEX "leads_kind_created_idx" ON "leads" USING btree ("kind","created_at","id");--> statement-breakpoint
-- Custom form submissions received before the inbox existed become 'custom-form' leads like new ones.
INSERT INTO "leads" ("kind", "status", "payload", "email", "recipient_email", "ip_address", "created_at", "form_submission_id")
SELECT 'custom-form', 'received', fs."values",
	nullif((SELECT fs."values" ->> (element ->> 'fieldName') FROM jsonb_array_elements(fd."form_elements") AS element
		WHERE element ->> 'inputType' = 'email' LIMIT 1), ''),
	fd."recipient_email", fs."ip_address", fs."created_at", fs."id"
FROM "form_submissions" fs
JOIN "form_definitions" fd ON fd."id" = fs."form_definition_id"
WHERE NOT EXISTS (SELECT 1 FROM "leads" l WHERE l."form_submission_id" = fs."id")
ORDER BY fs."id";--> statement-breakpoint
-- The counts the inbox shows, kept up to date by the trigger below from here on.
INSERT INTO "lead_counts" ("branch_key", "kind", "stage", "assignee_key", "count")
SELECT coalesce("branch_id", 0), "kind", "stage", coalesce("assigned_staff_id", 0), count(*)
FROM "leads"
GROUP BY 1, 2, 3, 4;--> statement-breakpoint
CREATE FUNCTION "lead_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		UPDATE "lead_counts" SET "count" = "count" - 1
		WHERE "branch_key" = coalesce(OLD."branch_id", 0) AND "kind" = OLD."kind" AND "stage" = OLD."stage"
			AND "assignee_key" = coalesce(OLD."assigned_staff_id", 0);
	END IF;
	IF TG_OP IN ('UPDATE', 'INSERT') THEN
		INSERT INTO "lead_counts" ("branch_key", "kind", "stage", "assignee_key", "count")
		VALUES (coalesce(NEW."branch_id", 0), NEW."kind", NEW."stage", coalesce(NEW."assigned_staff_id", 0), 1)
		ON CONFLICT ("branch_key", "kind", "stage", "assignee_key") DO UPDATE SET "count" = "lead_counts"."count" + 1;
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "leads_counts_track" AFTER INSERT OR DELETE OR UPDATE OF "branch_id", "kind", "stage", "assigned_staff_id"
ON "leads" FOR EACH ROW EXECUTE FUNCTION "lead_counts_track"();
