CREATE TYPE "public"."cancellation_fee_type" AS ENUM('NONE', 'FIXED', 'PERCENT');--> statement-breakpoint
CREATE TYPE "public"."purchase_order_refund_mode" AS ENUM('CREDIT_NOTE', 'REQUEST');--> statement-breakpoint
CREATE TYPE "public"."cancellation_request_status" AS ENUM('OPEN', 'APPROVED', 'DECLINED');--> statement-breakpoint
CREATE TYPE "public"."refund_method" AS ENUM('CARD', 'CREDIT_NOTE');--> statement-breakpoint
CREATE TYPE "public"."refund_status" AS ENUM('OWED', 'PENDING', 'SETTLED', 'FAILED');--> statement-breakpoint
CREATE TABLE "cancellation_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"requested_by_id" uuid NOT NULL,
	"choice" jsonb NOT NULL,
	"reason" text NOT NULL,
	"status" "cancellation_request_status" DEFAULT 'OPEN' NOT NULL,
	"decided_by_id" uuid,
	"decided_at" timestamp with time zone,
	"cancellation_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cancelled_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cancellation_id" uuid NOT NULL,
	"payment_item_id" uuid NOT NULL,
	"former_holder_id" uuid,
	"cancelled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"refund_id" uuid PRIMARY KEY NOT NULL,
	"number" integer NOT NULL,
	"payment_id" uuid NOT NULL,
	"receipt_number" integer,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_notes_number" UNIQUE("number"),
	CONSTRAINT "credit_notes_number_positive" CHECK ("credit_notes"."number" > 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" "refund_status" NOT NULL,
	"method" "refund_method" NOT NULL,
	"provider" text,
	"provider_refund_id" text,
	"idempotency_key" text NOT NULL,
	"reason" text NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"settled_by_id" uuid,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "ticket_cancellations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"cancelled_by_id" uuid NOT NULL,
	"idempotency_key" text,
	"idempotency_fingerprint" text,
	"ticket_count" integer NOT NULL,
	"refund_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_cancellations_count" CHECK ("ticket_cancellations"."ticket_count" >= 1)
);
--> statement-breakpoint
ALTER TABLE "event_payment_items" ADD COLUMN "cancelled_tickets" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_payments" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancel_days_before" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancellation_fee_type" "cancellation_fee_type" DEFAULT 'NONE' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancellation_fee_value" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "purchase_order_refund" "purchase_order_refund_mode" DEFAULT 'REQUEST' NOT NULL;--> statement-breakpoint
ALTER TABLE "cancellation_requests" ADD CONSTRAINT "cancellation_requests_payment_id_event_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."event_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellation_requests" ADD CONSTRAINT "cancellation_requests_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellation_requests" ADD CONSTRAINT "cancellation_requests_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellation_requests" ADD CONSTRAINT "cancellation_requests_cancellation_id_ticket_cancellations_id_fk" FOREIGN KEY ("cancellation_id") REFERENCES "public"."ticket_cancellations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancelled_tickets" ADD CONSTRAINT "cancelled_tickets_cancellation_id_ticket_cancellations_id_fk" FOREIGN KEY ("cancellation_id") REFERENCES "public"."ticket_cancellations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancelled_tickets" ADD CONSTRAINT "cancelled_tickets_payment_item_id_event_payment_items_id_fk" FOREIGN KEY ("payment_item_id") REFERENCES "public"."event_payment_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancelled_tickets" ADD CONSTRAINT "cancelled_tickets_former_holder_id_users_id_fk" FOREIGN KEY ("former_holder_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_payment_id_event_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."event_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_event_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."event_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_settled_by_id_users_id_fk" FOREIGN KEY ("settled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_cancellations" ADD CONSTRAINT "ticket_cancellations_payment_id_event_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."event_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_cancellations" ADD CONSTRAINT "ticket_cancellations_cancelled_by_id_users_id_fk" FOREIGN KEY ("cancelled_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_cancellations" ADD CONSTRAINT "ticket_cancellations_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cancellation_requests_one_open" ON "cancellation_requests" USING btree ("payment_id") WHERE "cancellation_requests"."status" = 'OPEN';--> statement-breakpoint
CREATE INDEX "cancellation_requests_status" ON "cancellation_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "cancelled_tickets_cancellation" ON "cancelled_tickets" USING btree ("cancellation_id");--> statement-breakpoint
CREATE INDEX "cancelled_tickets_item" ON "cancelled_tickets" USING btree ("payment_item_id");--> statement-breakpoint
CREATE INDEX "credit_notes_payment" ON "credit_notes" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency" ON "refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund" ON "refunds" USING btree ("provider","provider_refund_id");--> statement-breakpoint
CREATE INDEX "refunds_payment" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_newest" ON "refunds" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "refunds_status" ON "refunds" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_cancellations_idempotency" ON "ticket_cancellations" USING btree ("cancelled_by_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "ticket_cancellations_payment" ON "ticket_cancellations" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "event_payment_items" ADD CONSTRAINT "event_payment_items_cancelled" CHECK ("event_payment_items"."cancelled_tickets" between 0 and "event_payment_items"."number_of_tickets");--> statement-breakpoint
ALTER TABLE "event_payments" ADD CONSTRAINT "event_payments_refunded" CHECK ("event_payments"."refunded_cents" between 0 and "event_payments"."total_cents");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_cancellation_policy" CHECK (("events"."cancel_days_before" is null or "events"."cancel_days_before" >= 0) and "events"."cancellation_fee_value" >= 0 and ("events"."cancellation_fee_type" <> 'PERCENT' or "events"."cancellation_fee_value" <= 100));