CREATE TABLE "district_seat_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"district_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"section_id" uuid,
	"ticket_type_id" uuid NOT NULL,
	"title" text NOT NULL,
	"price_cents" integer NOT NULL,
	"seats" integer NOT NULL,
	"seats_given" integer DEFAULT 0 NOT NULL,
	"seats_returned" integer DEFAULT 0 NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "district_seat_blocks_price" CHECK ("district_seat_blocks"."price_cents" >= 0),
	CONSTRAINT "district_seat_blocks_seats" CHECK ("district_seat_blocks"."seats" > 0 and "district_seat_blocks"."seats_given" >= 0 and "district_seat_blocks"."seats_returned" >= 0 and "district_seat_blocks"."seats_given" + "district_seat_blocks"."seats_returned" <= "district_seat_blocks"."seats")
);
--> statement-breakpoint
CREATE TABLE "district_seat_gifts" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"block_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"seats" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"idempotency_fingerprint" text NOT NULL,
	"created_by_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "district_seat_gifts_seats" CHECK ("district_seat_gifts"."seats" > 0)
);
--> statement-breakpoint
CREATE TABLE "district_seat_returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"block_id" uuid NOT NULL,
	"seats" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"idempotency_fingerprint" text NOT NULL,
	"created_by_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "district_seat_returns_seats" CHECK ("district_seat_returns"."seats" > 0)
);
--> statement-breakpoint
ALTER TABLE "district_fund_entries" ADD COLUMN "seat_block_id" uuid;--> statement-breakpoint
ALTER TABLE "district_seat_blocks" ADD CONSTRAINT "district_seat_blocks_district_id_district_funds_district_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."district_funds"("district_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_seat_blocks" ADD CONSTRAINT "district_seat_blocks_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_seat_blocks" ADD CONSTRAINT "district_seat_blocks_section_id_event_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."event_sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_seat_blocks" ADD CONSTRAINT "district_seat_blocks_ticket_type_id_event_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."event_ticket_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_seat_blocks" ADD CONSTRAINT "district_seat_blocks_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_seat_gifts" ADD CONSTRAINT "district_seat_gifts_payment_id_event_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."event_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_seat_gifts" ADD CONSTRAINT "district_seat_gifts_block_id_district_seat_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."district_seat_blocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_seat_gifts" ADD CONSTRAINT "district_seat_gifts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_seat_gifts" ADD CONSTRAINT "district_seat_gifts_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_seat_returns" ADD CONSTRAINT "district_seat_returns_block_id_district_seat_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."district_seat_blocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_seat_returns" ADD CONSTRAINT "district_seat_returns_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "district_seat_blocks_district" ON "district_seat_blocks" USING btree ("district_id","created_at");--> statement-breakpoint
CREATE INDEX "district_seat_gifts_block" ON "district_seat_gifts" USING btree ("block_id");--> statement-breakpoint
CREATE UNIQUE INDEX "district_seat_gifts_idempotency" ON "district_seat_gifts" USING btree ("created_by_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "district_seat_returns_block" ON "district_seat_returns" USING btree ("block_id");--> statement-breakpoint
CREATE UNIQUE INDEX "district_seat_returns_idempotency" ON "district_seat_returns" USING btree ("created_by_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "district_fund_entries" ADD CONSTRAINT "district_fund_entries_seat_block_id_district_seat_blocks_id_fk" FOREIGN KEY ("seat_block_id") REFERENCES "public"."district_seat_blocks"("id") ON DELETE no action ON UPDATE no action;