CREATE TYPE "public"."evaluation_ask_when" AS ENUM('EACH_DAY', 'END');--> statement-breakpoint
CREATE TABLE "evaluation_drafts" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"occasion" text NOT NULL,
	"answers" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evaluation_drafts_event_id_user_id_occasion_pk" PRIMARY KEY("event_id","user_id","occasion")
);
--> statement-breakpoint
CREATE TABLE "evaluation_requests" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"occasion" text NOT NULL,
	"section_id" uuid,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evaluation_requests_event_id_user_id_occasion_pk" PRIMARY KEY("event_id","user_id","occasion")
);
--> statement-breakpoint
CREATE TABLE "evaluation_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"anonymous" boolean NOT NULL,
	"user_id" uuid,
	"occasion" text NOT NULL,
	"section_id" uuid,
	"answers" jsonb NOT NULL,
	"submitted_on" date NOT NULL,
	CONSTRAINT "evaluation_responses_person" CHECK ("evaluation_responses"."anonymous" = ("evaluation_responses"."user_id" is null))
);
--> statement-breakpoint
CREATE TABLE "evaluation_submissions" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"occasion" text NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evaluation_submissions_event_id_user_id_occasion_pk" PRIMARY KEY("event_id","user_id","occasion")
);
--> statement-breakpoint
CREATE TABLE "event_evaluations" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"questions" jsonb NOT NULL,
	"ask_when" "evaluation_ask_when" NOT NULL,
	"required_for_certificate" boolean NOT NULL,
	"anonymous" boolean NOT NULL,
	"facilitators" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "evaluation_drafts" ADD CONSTRAINT "evaluation_drafts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_drafts" ADD CONSTRAINT "evaluation_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_requests" ADD CONSTRAINT "evaluation_requests_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_requests" ADD CONSTRAINT "evaluation_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_requests" ADD CONSTRAINT "evaluation_requests_section_id_event_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."event_sections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_responses" ADD CONSTRAINT "evaluation_responses_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_responses" ADD CONSTRAINT "evaluation_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_responses" ADD CONSTRAINT "evaluation_responses_section_id_event_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."event_sections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_submissions" ADD CONSTRAINT "evaluation_submissions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_submissions" ADD CONSTRAINT "evaluation_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_evaluations" ADD CONSTRAINT "event_evaluations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_evaluations" ADD CONSTRAINT "event_evaluations_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "evaluation_responses_once" ON "evaluation_responses" USING btree ("event_id","user_id","occasion") WHERE "evaluation_responses"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "evaluation_responses_event" ON "evaluation_responses" USING btree ("event_id");