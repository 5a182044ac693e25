CREATE TYPE "public"."application_selection_level" AS ENUM('GROUPINGS', 'SECTIONS');--> statement-breakpoint
CREATE TYPE "public"."coupon_type" AS ENUM('FIXED', 'PERCENTAGE');--> statement-breakpoint
CREATE TYPE "public"."event_kind" AS ENUM('SERIES', 'CONFERENCE_DAY', 'INSTITUTE');--> statement-breakpoint
CREATE TYPE "public"."event_payment_method" AS ENUM('CARD', 'PURCHASE_ORDER');--> statement-breakpoint
CREATE TYPE "public"."event_payment_status" AS ENUM('PENDING', 'AWAITING_PO', 'PO_SUBMITTED', 'PAID', 'CANCELLED', 'EXPIRED');--> statement-breakpoint
CREATE TYPE "public"."purchase_order_status" AS ENUM('SUBMITTED', 'APPROVED', 'VOIDED');--> statement-breakpoint
CREATE TYPE "public"."purchase_order_type" AS ENUM('CONFERENCE_DAY', 'EVENT_APPLICATION', 'EVENT');--> statement-breakpoint
CREATE TABLE "cart_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"section_id" uuid,
	"ticket_type_id" uuid NOT NULL,
	"number_of_tickets" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_tickets" CHECK ("cart_items"."number_of_tickets" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"coupon_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"type" "coupon_type" NOT NULL,
	"discount_amount" integer,
	"discount_percentage" integer,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"max_uses" integer,
	"times_used" integer DEFAULT 0 NOT NULL,
	"event_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_discount" CHECK (("coupons"."type" = 'FIXED' and "coupons"."discount_amount" > 0 and "coupons"."discount_percentage" is null) or ("coupons"."type" = 'PERCENTAGE' and "coupons"."discount_percentage" between 1 and 100 and "coupons"."discount_amount" is null)),
	CONSTRAINT "coupons_uses" CHECK ("coupons"."times_used" >= 0 and ("coupons"."max_uses" is null or "coupons"."times_used" <= "coupons"."max_uses"))
);
--> statement-breakpoint
CREATE TABLE "event_groupings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"path_id" uuid NOT NULL,
	"name" text NOT NULL,
	"max_tickets" integer,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_paths" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"application_selection_level" "application_selection_level" DEFAULT 'SECTIONS' NOT NULL,
	"require_ranked_selection" boolean DEFAULT false NOT NULL,
	"ranked_selection_amount" integer DEFAULT 1 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_payment_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"section_id" uuid,
	"ticket_type_id" uuid NOT NULL,
	"title" text NOT NULL,
	"number_of_tickets" integer NOT NULL,
	"price_cents" integer NOT NULL,
	CONSTRAINT "event_payment_items_tickets" CHECK ("event_payment_items"."number_of_tickets" >= 1)
);
--> statement-breakpoint
CREATE TABLE "event_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"organization_id" uuid,
	"status" "event_payment_status" NOT NULL,
	"method" "event_payment_method" NOT NULL,
	"provider" text,
	"provider_reference" text,
	"checkout_url" text,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"coupon_id" uuid,
	"seats_held" boolean DEFAULT true NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"idempotency_key" text,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_payments_totals" CHECK ("event_payments"."total_cents" = "event_payments"."subtotal_cents" - "event_payments"."discount_cents" and "event_payments"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "event_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"grouping_id" uuid NOT NULL,
	"title" text NOT NULL,
	"dates" date[] DEFAULT '{}'::date[] NOT NULL,
	"location_name" text,
	"audience_type" text[] DEFAULT '{}'::text[] NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"max_tickets" integer,
	"tickets_taken" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_sections_capacity" CHECK ("event_sections"."tickets_taken" >= 0 and ("event_sections"."max_tickets" is null or "event_sections"."tickets_taken" <= "event_sections"."max_tickets"))
);
--> statement-breakpoint
CREATE TABLE "event_ticket_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_ticket_types_price" CHECK ("event_ticket_types"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" "event_kind" NOT NULL,
	"event_type" text,
	"event_subtype" text,
	"description" text DEFAULT '' NOT NULL,
	"location_name" text,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"days_before_purchase_close" integer DEFAULT 0 NOT NULL,
	"max_tickets" integer,
	"tickets_taken" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_dates" CHECK ("events"."end_date" >= "events"."start_date"),
	CONSTRAINT "events_capacity" CHECK ("events"."tickets_taken" >= 0 and ("events"."max_tickets" is null or "events"."tickets_taken" <= "events"."max_tickets")),
	CONSTRAINT "events_close_days" CHECK ("events"."days_before_purchase_close" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_provider_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"provider_event_id" text NOT NULL,
	"payment_id" uuid,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"type" "purchase_order_type" NOT NULL,
	"status" "purchase_order_status" DEFAULT 'SUBMITTED' NOT NULL,
	"number" text NOT NULL,
	"filename" text NOT NULL,
	"file_key" text NOT NULL,
	"file_size" integer NOT NULL,
	"contact_email" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"organization_id" uuid NOT NULL,
	"total_cents" integer NOT NULL,
	"coupon_code" text,
	"submitted_by_id" uuid NOT NULL,
	"decided_by_id" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_section_id_event_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."event_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_ticket_type_id_event_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."event_ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_groupings" ADD CONSTRAINT "event_groupings_path_id_event_paths_id_fk" FOREIGN KEY ("path_id") REFERENCES "public"."event_paths"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_paths" ADD CONSTRAINT "event_paths_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_payment_items" ADD CONSTRAINT "event_payment_items_payment_id_event_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."event_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_payment_items" ADD CONSTRAINT "event_payment_items_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_payment_items" ADD CONSTRAINT "event_payment_items_section_id_event_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."event_sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_payment_items" ADD CONSTRAINT "event_payment_items_ticket_type_id_event_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."event_ticket_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_payments" ADD CONSTRAINT "event_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_payments" ADD CONSTRAINT "event_payments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_payments" ADD CONSTRAINT "event_payments_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_sections" ADD CONSTRAINT "event_sections_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_sections" ADD CONSTRAINT "event_sections_grouping_id_event_groupings_id_fk" FOREIGN KEY ("grouping_id") REFERENCES "public"."event_groupings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_ticket_types" ADD CONSTRAINT "event_ticket_types_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_provider_events" ADD CONSTRAINT "payment_provider_events_payment_id_event_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."event_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_payment_id_event_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."event_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_submitted_by_id_users_id_fk" FOREIGN KEY ("submitted_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_one_line" ON "cart_items" USING btree ("user_id","ticket_type_id",coalesce("section_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_upper" ON "coupons" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "event_groupings_path" ON "event_groupings" USING btree ("path_id");--> statement-breakpoint
CREATE INDEX "event_paths_event" ON "event_paths" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "event_payment_items_payment" ON "event_payment_items" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_payments_idempotency" ON "event_payments" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "event_payments_provider_reference" ON "event_payments" USING btree ("provider","provider_reference");--> statement-breakpoint
CREATE INDEX "event_payments_user" ON "event_payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "event_payments_organization" ON "event_payments" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "event_payments_hold_expiry" ON "event_payments" USING btree ("hold_expires_at") WHERE "event_payments"."seats_held";--> statement-breakpoint
CREATE INDEX "event_sections_event" ON "event_sections" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "event_sections_grouping" ON "event_sections" USING btree ("grouping_id");--> statement-breakpoint
CREATE INDEX "event_ticket_types_event" ON "event_ticket_types" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "events_start" ON "events" USING btree ("start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_provider_events_once" ON "payment_provider_events" USING btree ("provider","provider_event_id");--> statement-breakpoint
CREATE INDEX "purchase_orders_status" ON "purchase_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "purchase_orders_payment" ON "purchase_orders" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_one_open" ON "purchase_orders" USING btree ("payment_id") WHERE "purchase_orders"."status" = 'SUBMITTED';