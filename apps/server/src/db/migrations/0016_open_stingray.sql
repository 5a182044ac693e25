CREATE TYPE "public"."package_request_status" AS ENUM('STARTED', 'SUBMITTED', 'CHANGES_REQUESTED', 'REOPENED', 'ACCEPTED', 'REJECTED', 'WITHDRAWN');--> statement-breakpoint
CREATE TYPE "public"."pd_session_setting" AS ENUM('REMOTE', 'ON_SITE');--> statement-breakpoint
CREATE TYPE "public"."travel_cost_type" AS ENUM('ACTUAL_COST', 'FIXED_COST');--> statement-breakpoint
CREATE TABLE "package_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"min_participants" integer DEFAULT 1 NOT NULL,
	"max_participants" integer NOT NULL,
	"selection_interval" integer DEFAULT 1 NOT NULL,
	"allow_zero_selection" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "package_events_range" CHECK ("package_events"."min_participants" >= 0 and "package_events"."max_participants" >= "package_events"."min_participants" and "package_events"."selection_interval" >= 1)
);
--> statement-breakpoint
CREATE TABLE "package_group_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_group_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"min_tickets" integer DEFAULT 0 NOT NULL,
	"max_tickets" integer NOT NULL,
	"staff_developers" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "package_group_sections_tickets" CHECK ("package_group_sections"."min_tickets" >= 0 and "package_group_sections"."max_tickets" >= "package_group_sections"."min_tickets")
);
--> statement-breakpoint
CREATE TABLE "package_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"required_for_purchase" boolean DEFAULT false NOT NULL,
	"minimum_amount_cents" integer DEFAULT 0 NOT NULL,
	"attendee_cost_cents" integer NOT NULL,
	"min_attendees" integer DEFAULT 0 NOT NULL,
	"max_attendees" integer NOT NULL,
	"enable_free_seat_offer" boolean DEFAULT false NOT NULL,
	"paid_seats_required_for_offer" integer DEFAULT 0 NOT NULL,
	"free_seats_in_offer" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "package_groups_amounts" CHECK ("package_groups"."minimum_amount_cents" >= 0 and "package_groups"."attendee_cost_cents" >= 0 and "package_groups"."max_attendees" >= "package_groups"."min_attendees" and "package_groups"."min_attendees" >= 0 and "package_groups"."paid_seats_required_for_offer" >= 0 and "package_groups"."free_seats_in_offer" >= 0)
);
--> statement-breakpoint
CREATE TABLE "package_institutes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"participant_cost_cents" integer NOT NULL,
	"min_participants" integer DEFAULT 1 NOT NULL,
	"max_participants" integer NOT NULL,
	"selection_interval" integer DEFAULT 1 NOT NULL,
	"allow_zero_selection" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "package_institutes_range" CHECK ("package_institutes"."min_participants" >= 0 and "package_institutes"."max_participants" >= "package_institutes"."min_participants" and "package_institutes"."selection_interval" >= 1),
	CONSTRAINT "package_institutes_cost" CHECK ("package_institutes"."participant_cost_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "package_pd_session_groupings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"min_days" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_pd_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"grouping_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"setting" "pd_session_setting" NOT NULL,
	"min_days" integer NOT NULL,
	"max_days" integer NOT NULL,
	"selection_interval" integer DEFAULT 1 NOT NULL,
	"allow_zero_selection" boolean DEFAULT false NOT NULL,
	"use_custom_selection" boolean DEFAULT false NOT NULL,
	"custom_selections" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"day_rate_cents" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "package_pd_sessions_range" CHECK ("package_pd_sessions"."min_days" >= 0 and "package_pd_sessions"."max_days" >= "package_pd_sessions"."min_days" and "package_pd_sessions"."selection_interval" >= 1),
	CONSTRAINT "package_pd_sessions_rate" CHECK ("package_pd_sessions"."day_rate_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "package_request_events" (
	"package_request_id" uuid NOT NULL,
	"package_event_id" uuid NOT NULL,
	"requested_participants" integer NOT NULL,
	"override_date" date,
	"override_amount" integer,
	CONSTRAINT "package_request_events_package_request_id_package_event_id_pk" PRIMARY KEY("package_request_id","package_event_id"),
	CONSTRAINT "package_request_events_amounts" CHECK ("package_request_events"."requested_participants" >= 0 and coalesce("package_request_events"."override_amount", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "package_request_group_sections" (
	"package_request_id" uuid NOT NULL,
	"group_section_id" uuid NOT NULL,
	"requested_participants" integer NOT NULL,
	"override_date" date,
	"override_participants" integer,
	CONSTRAINT "package_request_group_sections_package_request_id_group_section_id_pk" PRIMARY KEY("package_request_id","group_section_id"),
	CONSTRAINT "package_request_group_sections_amounts" CHECK ("package_request_group_sections"."requested_participants" >= 0 and coalesce("package_request_group_sections"."override_participants", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "package_request_institute_grades" (
	"package_request_id" uuid NOT NULL,
	"package_institute_id" uuid NOT NULL,
	"grade_id" uuid NOT NULL,
	"participants" integer NOT NULL,
	"override_participants" integer,
	CONSTRAINT "package_request_institute_grades_package_request_id_package_institute_id_grade_id_pk" PRIMARY KEY("package_request_id","package_institute_id","grade_id"),
	CONSTRAINT "package_request_institute_grades_amounts" CHECK ("package_request_institute_grades"."participants" >= 0 and coalesce("package_request_institute_grades"."override_participants", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "package_request_institutes" (
	"package_request_id" uuid NOT NULL,
	"package_institute_id" uuid NOT NULL,
	"requested_participants" integer NOT NULL,
	"override_date" date,
	"override_amount" integer,
	"created_by_initiator" boolean DEFAULT true NOT NULL,
	CONSTRAINT "package_request_institutes_package_request_id_package_institute_id_pk" PRIMARY KEY("package_request_id","package_institute_id"),
	CONSTRAINT "package_request_institutes_amounts" CHECK ("package_request_institutes"."requested_participants" >= 0 and coalesce("package_request_institutes"."override_amount", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "package_request_pd_sessions" (
	"package_request_id" uuid NOT NULL,
	"pd_session_id" uuid NOT NULL,
	"requested_days" integer NOT NULL,
	"override_date" date,
	"override_amount" integer,
	"created_by_initiator" boolean DEFAULT true NOT NULL,
	CONSTRAINT "package_request_pd_sessions_package_request_id_pd_session_id_pk" PRIMARY KEY("package_request_id","pd_session_id"),
	CONSTRAINT "package_request_pd_sessions_days" CHECK ("package_request_pd_sessions"."requested_days" >= 0 and coalesce("package_request_pd_sessions"."override_amount", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "package_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"status" "package_request_status" DEFAULT 'STARTED' NOT NULL,
	"created_by_id" uuid,
	"using_pta_funds" boolean DEFAULT false NOT NULL,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_year_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"groups_description" text DEFAULT '' NOT NULL,
	"events_description" text DEFAULT '' NOT NULL,
	"school_based_pd_sessions_description" text DEFAULT '' NOT NULL,
	"minimum_amount_cents" integer DEFAULT 0 NOT NULL,
	"travel_cost_type" "travel_cost_type" NOT NULL,
	"travel_cost_amount_cents" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packages_amounts" CHECK ("packages"."minimum_amount_cents" >= 0 and "packages"."travel_cost_amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "package_events" ADD CONSTRAINT "package_events_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_events" ADD CONSTRAINT "package_events_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_events" ADD CONSTRAINT "package_events_ticket_type_id_event_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."event_ticket_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_group_sections" ADD CONSTRAINT "package_group_sections_package_group_id_package_groups_id_fk" FOREIGN KEY ("package_group_id") REFERENCES "public"."package_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_groups" ADD CONSTRAINT "package_groups_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_institutes" ADD CONSTRAINT "package_institutes_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_institutes" ADD CONSTRAINT "package_institutes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_pd_session_groupings" ADD CONSTRAINT "package_pd_session_groupings_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_pd_sessions" ADD CONSTRAINT "package_pd_sessions_grouping_id_package_pd_session_groupings_id_fk" FOREIGN KEY ("grouping_id") REFERENCES "public"."package_pd_session_groupings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_request_events" ADD CONSTRAINT "package_request_events_package_request_id_package_requests_id_fk" FOREIGN KEY ("package_request_id") REFERENCES "public"."package_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_request_events" ADD CONSTRAINT "package_request_events_package_event_id_package_events_id_fk" FOREIGN KEY ("package_event_id") REFERENCES "public"."package_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_request_group_sections" ADD CONSTRAINT "package_request_group_sections_package_request_id_package_requests_id_fk" FOREIGN KEY ("package_request_id") REFERENCES "public"."package_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_request_group_sections" ADD CONSTRAINT "package_request_group_sections_group_section_id_package_group_sections_id_fk" FOREIGN KEY ("group_section_id") REFERENCES "public"."package_group_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_request_institute_grades" ADD CONSTRAINT "package_request_institute_grades_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_request_institute_grades" ADD CONSTRAINT "package_request_institute_grades_institute_fk" FOREIGN KEY ("package_request_id","package_institute_id") REFERENCES "public"."package_request_institutes"("package_request_id","package_institute_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_request_institutes" ADD CONSTRAINT "package_request_institutes_package_request_id_package_requests_id_fk" FOREIGN KEY ("package_request_id") REFERENCES "public"."package_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_request_institutes" ADD CONSTRAINT "package_request_institutes_package_institute_id_package_institutes_id_fk" FOREIGN KEY ("package_institute_id") REFERENCES "public"."package_institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_request_pd_sessions" ADD CONSTRAINT "package_request_pd_sessions_package_request_id_package_requests_id_fk" FOREIGN KEY ("package_request_id") REFERENCES "public"."package_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_request_pd_sessions" ADD CONSTRAINT "package_request_pd_sessions_pd_session_id_package_pd_sessions_id_fk" FOREIGN KEY ("pd_session_id") REFERENCES "public"."package_pd_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_requests" ADD CONSTRAINT "package_requests_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_requests" ADD CONSTRAINT "package_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_requests" ADD CONSTRAINT "package_requests_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_school_year_id_school_years_id_fk" FOREIGN KEY ("school_year_id") REFERENCES "public"."school_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "package_events_package" ON "package_events" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "package_group_sections_group" ON "package_group_sections" USING btree ("package_group_id");--> statement-breakpoint
CREATE INDEX "package_groups_package" ON "package_groups" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "package_institutes_package" ON "package_institutes" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "package_pd_session_groupings_package" ON "package_pd_session_groupings" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "package_pd_sessions_grouping" ON "package_pd_sessions" USING btree ("grouping_id");--> statement-breakpoint
CREATE INDEX "package_request_institute_grades_institute" ON "package_request_institute_grades" USING btree ("package_request_id","package_institute_id");--> statement-breakpoint
CREATE UNIQUE INDEX "package_requests_package_organization" ON "package_requests" USING btree ("package_id","organization_id");--> statement-breakpoint
CREATE INDEX "package_requests_organization" ON "package_requests" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "package_requests_status" ON "package_requests" USING btree ("status","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "packages_year_name" ON "packages" USING btree ("school_year_id","name");