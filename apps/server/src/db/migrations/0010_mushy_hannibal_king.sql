CREATE TYPE "public"."registration_request_status" AS ENUM('OPEN', 'CANCELLED');--> statement-breakpoint
ALTER TYPE "public"."refund_reason" ADD VALUE 'BUYER_CANCELLED';--> statement-breakpoint
CREATE TABLE "event_group_registrations" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"open" boolean DEFAULT false NOT NULL,
	"attendee_cost_cents" integer NOT NULL,
	"paid_seats_required_for_offer" integer,
	"free_seats_in_offer" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_group_registrations_cost" CHECK ("event_group_registrations"."attendee_cost_cents" >= 0),
	CONSTRAINT "event_group_registrations_offer" CHECK (("event_group_registrations"."paid_seats_required_for_offer" is null and "event_group_registrations"."free_seats_in_offer" is null) or ("event_group_registrations"."paid_seats_required_for_offer" between 1 and 100 and "event_group_registrations"."free_seats_in_offer" between 1 and 100))
);
--> statement-breakpoint
CREATE TABLE "event_registration_payments" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_registration_request_groupings" (
	"request_id" uuid NOT NULL,
	"grouping_id" uuid NOT NULL,
	CONSTRAINT "event_registration_request_groupings_request_id_grouping_id_pk" PRIMARY KEY("request_id","grouping_id")
);
--> statement-breakpoint
CREATE TABLE "event_registration_request_sections" (
	"request_id" uuid NOT NULL,
	"section_id" uuid NOT NULL,
	CONSTRAINT "event_registration_request_sections_request_id_section_id_pk" PRIMARY KEY("request_id","section_id")
);
--> statement-breakpoint
CREATE TABLE "event_registration_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"status" "registration_request_status" DEFAULT 'OPEN' NOT NULL,
	"seats_requested" integer NOT NULL,
	"coupon_id" uuid,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_registration_requests_seats" CHECK ("event_registration_requests"."seats_requested" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "event_registration_seats" (
	"request_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"application_id" uuid,
	"email" text NOT NULL,
	CONSTRAINT "event_registration_seats_request_id_position_pk" PRIMARY KEY("request_id","position"),
	CONSTRAINT "event_registration_seats_position" CHECK ("event_registration_seats"."position" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "event_group_registrations" ADD CONSTRAINT "event_group_registrations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registration_payments" ADD CONSTRAINT "event_registration_payments_payment_id_event_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."event_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registration_payments" ADD CONSTRAINT "event_registration_payments_request_id_event_registration_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."event_registration_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registration_request_groupings" ADD CONSTRAINT "event_registration_request_groupings_request_id_event_registration_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."event_registration_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registration_request_groupings" ADD CONSTRAINT "event_registration_request_groupings_grouping_id_event_groupings_id_fk" FOREIGN KEY ("grouping_id") REFERENCES "public"."event_groupings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registration_request_sections" ADD CONSTRAINT "event_registration_request_sections_request_id_event_registration_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."event_registration_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registration_request_sections" ADD CONSTRAINT "event_registration_request_sections_section_id_event_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."event_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registration_requests" ADD CONSTRAINT "event_registration_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registration_requests" ADD CONSTRAINT "event_registration_requests_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registration_requests" ADD CONSTRAINT "event_registration_requests_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registration_seats" ADD CONSTRAINT "event_registration_seats_request_id_event_registration_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."event_registration_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registration_seats" ADD CONSTRAINT "event_registration_seats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registration_seats" ADD CONSTRAINT "event_registration_seats_application_id_event_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."event_applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_registration_payments_request" ON "event_registration_payments" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "event_registration_requests_user" ON "event_registration_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "event_registration_requests_event" ON "event_registration_requests" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "event_registration_seats_one_user" ON "event_registration_seats" USING btree ("request_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_registration_seats_application" ON "event_registration_seats" USING btree ("application_id");