CREATE TYPE "public"."message_audience" AS ENUM('HOLDERS', 'APPLICANTS', 'SECTION');--> statement-breakpoint
CREATE TYPE "public"."notification_frequency" AS ENUM('IMMEDIATE', 'DIGEST', 'OFF');--> statement-breakpoint
CREATE TYPE "public"."staff_work_kind" AS ENUM('purchaseOrder', 'application', 'packageRequest', 'refundNeeded');--> statement-breakpoint
CREATE TABLE "event_message_recipients" (
	"message_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"mail_id" uuid NOT NULL,
	CONSTRAINT "event_message_recipients_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "event_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"audience" "message_audience" NOT NULL,
	"application_status" "application_status",
	"section_id" uuid,
	"audience_label" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"recipient_count" integer NOT NULL,
	"sent_by_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"idempotency_fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_digest_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"run_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_digests" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"covers_until" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_digests_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "staff_notification_settings" (
	"user_id" uuid NOT NULL,
	"kind" "staff_work_kind" NOT NULL,
	"frequency" "notification_frequency" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_notification_settings_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "staff_work_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "staff_work_kind" NOT NULL,
	"key" text NOT NULL,
	"summary" text NOT NULL,
	"path" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_work_items_key" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "event_message_recipients" ADD CONSTRAINT "event_message_recipients_message_id_event_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."event_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_message_recipients" ADD CONSTRAINT "event_message_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_message_recipients" ADD CONSTRAINT "event_message_recipients_mail_id_mail_messages_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_messages" ADD CONSTRAINT "event_messages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_messages" ADD CONSTRAINT "event_messages_section_id_event_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."event_sections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_messages" ADD CONSTRAINT "event_messages_sent_by_id_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_digests" ADD CONSTRAINT "staff_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notification_settings" ADD CONSTRAINT "staff_notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_message_recipients_mail" ON "event_message_recipients" USING btree ("mail_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_messages_idempotency" ON "event_messages" USING btree ("sent_by_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "event_messages_event" ON "event_messages" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_digests_latest" ON "staff_digests" USING btree ("user_id","covers_until");--> statement-breakpoint
CREATE INDEX "staff_work_items_created" ON "staff_work_items" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "event_payments_newest" ON "event_payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "event_payments_status_updated" ON "event_payments" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "jobs_failed" ON "jobs" USING btree ("kind","finished_at") WHERE "jobs"."status" = 'FAILED';--> statement-breakpoint
CREATE INDEX "jobs_mail" ON "jobs" USING btree (("payload" ->> 'mailId')) WHERE "jobs"."kind" = 'mail.deliver';--> statement-breakpoint
CREATE INDEX "event_registration_requests_open" ON "event_registration_requests" USING btree ("created_at") WHERE "event_registration_requests"."status" = 'OPEN';