CREATE TYPE "public"."waiting_list_status" AS ENUM('WAITING', 'OFFERED', 'USED', 'EXPIRED', 'LEFT', 'REMOVED');--> statement-breakpoint
CREATE TABLE "waiting_list_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"section_id" uuid,
	"ticket_type_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"organization_id" uuid,
	"quantity" integer NOT NULL,
	"position" integer NOT NULL,
	"status" "waiting_list_status" DEFAULT 'WAITING' NOT NULL,
	"held_seats" integer DEFAULT 0 NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waiting_list_entries_quantity" CHECK ("waiting_list_entries"."quantity" between 1 and 100),
	CONSTRAINT "waiting_list_entries_held" CHECK ("waiting_list_entries"."held_seats" >= 0 and "waiting_list_entries"."held_seats" <= "waiting_list_entries"."quantity"
        and ("waiting_list_entries"."status" in ('WAITING', 'OFFERED') or "waiting_list_entries"."held_seats" = 0)
        and ("waiting_list_entries"."status" <> 'OFFERED' or ("waiting_list_entries"."held_seats" = "waiting_list_entries"."quantity" and "waiting_list_entries"."offer_expires_at" is not null)))
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "waiting_list_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "waiting_list_offer_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_section_id_event_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."event_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_ticket_type_id_event_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."event_ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_payment_id_event_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."event_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_list_entries_one_active" ON "waiting_list_entries" USING btree ("user_id","event_id",coalesce("section_id", '00000000-0000-0000-0000-000000000000'::uuid)) WHERE "waiting_list_entries"."status" in ('WAITING', 'OFFERED');--> statement-breakpoint
CREATE INDEX "waiting_list_entries_list" ON "waiting_list_entries" USING btree ("event_id","section_id","position");--> statement-breakpoint
CREATE INDEX "waiting_list_entries_offer_expiry" ON "waiting_list_entries" USING btree ("offer_expires_at") WHERE "waiting_list_entries"."status" = 'OFFERED';--> statement-breakpoint
CREATE INDEX "waiting_list_entries_user" ON "waiting_list_entries" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_waiting_list_offer_hours" CHECK ("events"."waiting_list_offer_hours" between 1 and 720);