CREATE TYPE "public"."reminder_kind" AS ENUM('EVENT_DAY', 'PAYMENT_DUE', 'UNALLOCATED');--> statement-breakpoint
CREATE TYPE "public"."seat_request_status" AS ENUM('REQUESTED', 'APPROVED', 'DECLINED');--> statement-breakpoint
CREATE TABLE "event_reminder_settings" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"day_reminders" boolean DEFAULT true NOT NULL,
	"days_before" integer DEFAULT 1 NOT NULL,
	"payment_reminders" boolean DEFAULT true NOT NULL,
	"unallocated_reminders" boolean DEFAULT true NOT NULL,
	"online_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_reminder_settings_days" CHECK ("event_reminder_settings"."days_before" between 0 and 14)
);
--> statement-breakpoint
CREATE TABLE "event_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"kind" "reminder_kind" NOT NULL,
	"occasion" date NOT NULL,
	"user_id" uuid NOT NULL,
	"mail_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seat_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"section_id" uuid,
	"user_id" uuid NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" "seat_request_status" DEFAULT 'REQUESTED' NOT NULL,
	"decline_reason" text,
	"payment_item_id" uuid,
	"ticket_id" uuid,
	"decided_by_id" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_reminder_settings" ADD CONSTRAINT "event_reminder_settings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_reminders" ADD CONSTRAINT "event_reminders_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_reminders" ADD CONSTRAINT "event_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_reminders" ADD CONSTRAINT "event_reminders_mail_id_mail_messages_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_requests" ADD CONSTRAINT "seat_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_requests" ADD CONSTRAINT "seat_requests_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_requests" ADD CONSTRAINT "seat_requests_section_id_event_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."event_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_requests" ADD CONSTRAINT "seat_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_requests" ADD CONSTRAINT "seat_requests_payment_item_id_event_payment_items_id_fk" FOREIGN KEY ("payment_item_id") REFERENCES "public"."event_payment_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_requests" ADD CONSTRAINT "seat_requests_ticket_id_event_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."event_tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_requests" ADD CONSTRAINT "seat_requests_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_reminders_once" ON "event_reminders" USING btree ("event_id","kind","occasion","user_id");--> statement-breakpoint
CREATE INDEX "event_reminders_event" ON "event_reminders" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "seat_requests_one_open" ON "seat_requests" USING btree ("user_id","organization_id","event_id") WHERE "seat_requests"."status" = 'REQUESTED';--> statement-breakpoint
CREATE INDEX "seat_requests_organization" ON "seat_requests" USING btree ("organization_id","status","created_at");--> statement-breakpoint
CREATE INDEX "seat_requests_user" ON "seat_requests" USING btree ("user_id","created_at");