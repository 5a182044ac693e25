CREATE TYPE "public"."application_status" AS ENUM('STARTED', 'SUBMITTED', 'CHANGES_REQUESTED', 'ACCEPTED', 'REJECTED', 'VOIDED');--> statement-breakpoint
CREATE TYPE "public"."payment_option_method" AS ENUM('CARD', 'PURCHASE_ORDER');--> statement-breakpoint
CREATE TYPE "public"."application_question_type" AS ENUM('TEXT', 'TEXTAREA', 'SELECT', 'RADIO', 'CHECKBOX');--> statement-breakpoint
CREATE TYPE "public"."path_level" AS ENUM('FIRST_YEAR', 'ADVANCED');--> statement-breakpoint
CREATE TABLE "application_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"type" "application_question_type" NOT NULL,
	"label" text NOT NULL,
	"options" text[] DEFAULT '{}'::text[] NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_application_answers" (
	"application_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"value" text[] NOT NULL,
	CONSTRAINT "event_application_answers_application_id_question_id_pk" PRIMARY KEY("application_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "event_application_groupings" (
	"application_id" uuid NOT NULL,
	"grouping_id" uuid NOT NULL,
	"ranking" integer,
	CONSTRAINT "event_application_groupings_application_id_grouping_id_pk" PRIMARY KEY("application_id","grouping_id")
);
--> statement-breakpoint
CREATE TABLE "event_application_sections" (
	"application_id" uuid NOT NULL,
	"section_id" uuid NOT NULL,
	"grouping_id" uuid NOT NULL,
	"ranking" integer,
	CONSTRAINT "event_application_sections_application_id_section_id_pk" PRIMARY KEY("application_id","section_id"),
	CONSTRAINT "event_application_sections_ranking_positive" CHECK ("event_application_sections"."ranking" is null or "event_application_sections"."ranking" >= 1)
);
--> statement-breakpoint
CREATE TABLE "event_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"status" "application_status" DEFAULT 'STARTED' NOT NULL,
	"is_simplified" boolean DEFAULT false NOT NULL,
	"first_name" text,
	"last_name" text,
	"address1" text,
	"address2" text,
	"city" text,
	"state_province" text,
	"zip_postal" text,
	"country" text,
	"phone" text,
	"general_information_saved_at" timestamp with time zone,
	"path_id" uuid,
	"sections_complete" boolean DEFAULT false NOT NULL,
	"questionnaire_complete" boolean DEFAULT false NOT NULL,
	"payment_option_id" uuid,
	"coupon_id" uuid,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_payment_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"label" text NOT NULL,
	"method" "payment_option_method" NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legacy_event_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"legacy_id" text NOT NULL,
	"event_id" uuid,
	"event_name" text NOT NULL,
	"start_date" date,
	"end_date" date,
	"status_id" integer NOT NULL,
	"payment_status_id" integer,
	"payment_type_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legacy_event_applications_legacy_id_unique" UNIQUE("legacy_id")
);
--> statement-breakpoint
ALTER TABLE "event_paths" ADD COLUMN "level" "path_level" DEFAULT 'FIRST_YEAR' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_payments" ADD COLUMN "application_id" uuid;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "accepts_applications" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "application_ticket_type_id" uuid;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "payment_due_days" integer;--> statement-breakpoint
ALTER TABLE "application_questions" ADD CONSTRAINT "application_questions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_application_answers" ADD CONSTRAINT "event_application_answers_application_id_event_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."event_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_application_answers" ADD CONSTRAINT "event_application_answers_question_id_application_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."application_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_application_groupings" ADD CONSTRAINT "event_application_groupings_application_id_event_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."event_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_application_groupings" ADD CONSTRAINT "event_application_groupings_grouping_id_event_groupings_id_fk" FOREIGN KEY ("grouping_id") REFERENCES "public"."event_groupings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_application_sections" ADD CONSTRAINT "event_application_sections_application_id_event_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."event_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_application_sections" ADD CONSTRAINT "event_application_sections_section_id_event_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."event_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_application_sections" ADD CONSTRAINT "event_application_sections_grouping_id_event_groupings_id_fk" FOREIGN KEY ("grouping_id") REFERENCES "public"."event_groupings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_applications" ADD CONSTRAINT "event_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_applications" ADD CONSTRAINT "event_applications_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_applications" ADD CONSTRAINT "event_applications_path_id_event_paths_id_fk" FOREIGN KEY ("path_id") REFERENCES "public"."event_paths"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_applications" ADD CONSTRAINT "event_applications_payment_option_id_event_payment_options_id_fk" FOREIGN KEY ("payment_option_id") REFERENCES "public"."event_payment_options"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_applications" ADD CONSTRAINT "event_applications_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_applications" ADD CONSTRAINT "event_applications_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_payment_options" ADD CONSTRAINT "event_payment_options_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_event_applications" ADD CONSTRAINT "legacy_event_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_event_applications" ADD CONSTRAINT "legacy_event_applications_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_questions_event" ON "application_questions" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "event_application_answers_question" ON "event_application_answers" USING btree ("question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_application_sections_ranking" ON "event_application_sections" USING btree ("application_id","grouping_id","ranking") WHERE "event_application_sections"."ranking" is not null;--> statement-breakpoint
CREATE INDEX "event_application_sections_section" ON "event_application_sections" USING btree ("section_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_applications_one_open" ON "event_applications" USING btree ("user_id","event_id") WHERE "event_applications"."status" <> 'VOIDED';--> statement-breakpoint
CREATE INDEX "event_applications_user" ON "event_applications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "event_applications_review" ON "event_applications" USING btree ("event_id","status","submitted_at");--> statement-breakpoint
CREATE INDEX "event_applications_status" ON "event_applications" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "event_payment_options_event" ON "event_payment_options" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "legacy_event_applications_user" ON "legacy_event_applications" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "event_payments" ADD CONSTRAINT "event_payments_application_id_event_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."event_applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_application_ticket_type_id_event_ticket_types_id_fk" FOREIGN KEY ("application_ticket_type_id") REFERENCES "public"."event_ticket_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_payments_application" ON "event_payments" USING btree ("application_id","created_at");