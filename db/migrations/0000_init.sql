CREATE TABLE "branches" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"address_line_1" text NOT NULL,
	"town" text NOT NULL,
	"county" text NOT NULL,
	"country" text NOT NULL,
	"postcode" text NOT NULL,
	"location" "point" NOT NULL,
	"contact_number" text NOT NULL,
	"sales_contact_number" text,
	"lettings_contact_number" text,
	"email" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"external_commercial_department_id" integer
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"telephone" text NOT NULL,
	"email" text NOT NULL,
	"branch_department_url_label" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"menu" text NOT NULL,
	"parent_id" integer,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"target" text DEFAULT 'S' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"agency_name" text NOT NULL,
	"agency_email" text NOT NULL,
	"agency_contact_telephone" text NOT NULL,
	"logo_url" text NOT NULL,
	"theme" jsonb NOT NULL,
	"analytics_code" text DEFAULT '' NOT NULL,
	"head_analytics_code" text DEFAULT '' NOT NULL,
	"tags_to_department_labels" jsonb DEFAULT '{"sales":{},"lettings":{}}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer,
	"department_id" integer,
	"title" text,
	"first_name" text NOT NULL,
	"surname" text NOT NULL,
	"job_title" text NOT NULL,
	"email" text NOT NULL,
	"telephone_number" text NOT NULL,
	"photo_url" text,
	"contactable_for_sales" boolean DEFAULT false NOT NULL,
	"contactable_for_lettings" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_number" text,
	"building_name" text,
	"line_1" text NOT NULL,
	"line_2" text DEFAULT '' NOT NULL,
	"line_3" text DEFAULT '' NOT NULL,
	"line_4" text DEFAULT '' NOT NULL,
	"town_or_city" text NOT NULL,
	"county" text NOT NULL,
	"postcode" text NOT NULL,
	"search_text" text NOT NULL,
	"location" "point"
);
--> statement-breakpoint
CREATE TABLE "places" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"name_lower" text NOT NULL,
	"county_slug" text NOT NULL,
	"county_name" text NOT NULL,
	"country" text NOT NULL,
	"location" "point" NOT NULL,
	"population" integer DEFAULT 0 NOT NULL,
	"geoname_id" integer
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"reference" text NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"price_value" integer,
	"price_qualifier" text DEFAULT '' NOT NULL,
	"exchanged_price" integer,
	"disposal" text,
	"display_address" text NOT NULL,
	"address_line_1" text NOT NULL,
	"town" text NOT NULL,
	"county" text NOT NULL,
	"county_slug" text NOT NULL,
	"country" text NOT NULL,
	"postcode" text NOT NULL,
	"postcode_district" text NOT NULL,
	"place_id" integer,
	"location" "point" NOT NULL,
	"bedrooms" smallint DEFAULT 0 NOT NULL,
	"bathrooms" smallint DEFAULT 0 NOT NULL,
	"reception_rooms" smallint DEFAULT 0 NOT NULL,
	"property_type" text NOT NULL,
	"property_style" text NOT NULL,
	"square_feet" integer,
	"acreage" double precision,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"short_let" boolean DEFAULT false NOT NULL,
	"pets_allowed" boolean DEFAULT false NOT NULL,
	"auction_date" date,
	"branch_id" integer NOT NULL,
	"staff_member_id" integer,
	"parent_id" integer,
	"is_development" boolean DEFAULT false NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"floorplans" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"epc_charts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"videos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"galleries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"lettings_fee_text" text,
	"epc_rating" text,
	"council_tax_band" text,
	"tenure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"launched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', coalesce(display_address, '') || ' ' || coalesce(town, '') || ' ' || coalesce(county, '') || ' ' || coalesce(postcode, '') || ' ' || coalesce(summary, '') || ' ' || coalesce(property_style, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "marketing_preferences" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"opt_in_terms" boolean DEFAULT false NOT NULL,
	"opt_in_terms_at" timestamp with time zone,
	"opt_in_marketing" boolean DEFAULT false NOT NULL,
	"opt_in_marketing_at" timestamp with time zone,
	"opt_in_marketing_url" text,
	"wording" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_properties" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"last_known_price" integer,
	"last_known_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_search_alerts" (
	"saved_search_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"search" jsonb NOT NULL,
	"channel" text NOT NULL,
	"alert_frequency" text DEFAULT 'I' NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"last_alerted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"email_lower" text NOT NULL,
	"password_hash" text NOT NULL,
	"title" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"house_name" text,
	"house_number" text,
	"street_address" text,
	"address_2" text,
	"locality" text,
	"town" text,
	"county" text,
	"postcode" text,
	"tel_home" text,
	"tel_mobile" text,
	"is_opted_in_to_marketing" boolean DEFAULT false NOT NULL,
	"saved_properties_synced" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_definitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"para" text DEFAULT '' NOT NULL,
	"ga_name" text DEFAULT '' NOT NULL,
	"submit_button_text" text DEFAULT 'Submit' NOT NULL,
	"html_form_id" text NOT NULL,
	"form_elements" jsonb NOT NULL,
	"recipient_email" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_definition_id" integer NOT NULL,
	"values" jsonb NOT NULL,
	"redirect_url" text,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_submission_id" integer NOT NULL,
	"field_name" text NOT NULL,
	"original_name" text NOT NULL,
	"stored_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"payload" jsonb NOT NULL,
	"email" text,
	"property_id" integer,
	"branch_id" integer,
	"department_id" integer,
	"staff_member_id" integer,
	"user_id" integer,
	"recipient_email" text,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "valuation_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"branch_id" integer,
	"booking_date" date NOT NULL,
	"time_slots" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consent_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"consent_id" text NOT NULL,
	"user_agent" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exposures" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"domain" text NOT NULL,
	"event_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"domain" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"from_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"related_kind" text,
	"related_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"topic" text NOT NULL,
	"topics" text[] NOT NULL,
	"hero_image_url" text,
	"promo" text NOT NULL,
	"body_markdown" text NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"body_markdown" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_staff_member_id_staff_members_id_fk" FOREIGN KEY ("staff_member_id") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_preferences" ADD CONSTRAINT "marketing_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_properties" ADD CONSTRAINT "saved_properties_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_properties" ADD CONSTRAINT "saved_properties_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_alerts" ADD CONSTRAINT "saved_search_alerts_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_alerts" ADD CONSTRAINT "saved_search_alerts_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_form_definition_id_form_definitions_id_fk" FOREIGN KEY ("form_definition_id") REFERENCES "public"."form_definitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_uploads" ADD CONSTRAINT "form_uploads_form_submission_id_form_submissions_id_fk" FOREIGN KEY ("form_submission_id") REFERENCES "public"."form_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_staff_member_id_staff_members_id_fk" FOREIGN KEY ("staff_member_id") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valuation_bookings" ADD CONSTRAINT "valuation_bookings_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valuation_bookings" ADD CONSTRAINT "valuation_bookings_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exposures" ADD CONSTRAINT "exposures_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_views" ADD CONSTRAINT "property_views_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "branches_slug_idx" ON "branches" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "departments_branch_idx" ON "departments" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "menu_items_menu_idx" ON "menu_items" USING btree ("menu","parent_id","position");--> statement-breakpoint
CREATE INDEX "staff_members_branch_idx" ON "staff_members" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "staff_members_department_idx" ON "staff_members" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "addresses_postcode_idx" ON "addresses" USING btree ("postcode");--> statement-breakpoint
CREATE INDEX "addresses_search_text_idx" ON "addresses" USING btree ("search_text");--> statement-breakpoint
CREATE UNIQUE INDEX "places_kind_slug_idx" ON "places" USING btree ("kind","slug");--> statement-breakpoint
CREATE INDEX "places_name_lower_idx" ON "places" USING btree ("name_lower" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "places_county_idx" ON "places" USING btree ("county_slug");--> statement-breakpoint
CREATE INDEX "places_location_gist" ON "places" USING gist ("location");--> statement-breakpoint
CREATE UNIQUE INDEX "properties_slug_idx" ON "properties" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "properties_channel_status_price_idx" ON "properties" USING btree ("channel","status","price_value");--> statement-breakpoint
CREATE INDEX "properties_channel_created_idx" ON "properties" USING btree ("channel","created_at");--> statement-breakpoint
CREATE INDEX "properties_branch_idx" ON "properties" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "properties_parent_idx" ON "properties" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "properties_county_idx" ON "properties" USING btree ("county_slug");--> statement-breakpoint
CREATE INDEX "properties_district_idx" ON "properties" USING btree ("postcode_district");--> statement-breakpoint
CREATE INDEX "properties_location_gist" ON "properties" USING gist ("location");--> statement-breakpoint
CREATE INDEX "properties_search_vector_gin" ON "properties" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "properties_tags_gin" ON "properties" USING gin ("tags");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_preferences_user_idx" ON "marketing_preferences" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_properties_user_property_idx" ON "saved_properties" USING btree ("user_id","property_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_search_alerts_pk" ON "saved_search_alerts" USING btree ("saved_search_id","property_id");--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "saved_searches_frequency_idx" ON "saved_searches" USING btree ("alert_frequency","channel");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_unsubscribe_idx" ON "saved_searches" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree ("email_lower");--> statement-breakpoint
CREATE UNIQUE INDEX "form_definitions_slug_idx" ON "form_definitions" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "form_submissions_form_idx" ON "form_submissions" USING btree ("form_definition_id");--> statement-breakpoint
CREATE INDEX "leads_kind_created_idx" ON "leads" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "valuation_bookings_branch_date_idx" ON "valuation_bookings" USING btree ("branch_id","booking_date");--> statement-breakpoint
CREATE INDEX "exposures_property_idx" ON "exposures" USING btree ("property_id","created_at");--> statement-breakpoint
CREATE INDEX "property_views_property_idx" ON "property_views" USING btree ("property_id","created_at");--> statement-breakpoint
CREATE INDEX "email_outbox_status_next_idx" ON "email_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "jobs_status_run_at_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "articles_slug_idx" ON "articles" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "articles_kind_published_idx" ON "articles" USING btree ("kind","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pages_slug_idx" ON "pages" USING btree ("slug");