CREATE TABLE "purchase_order_quotes" (
	"purchase_order_id" uuid PRIMARY KEY NOT NULL,
	"quote_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"organization_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"subject_id" uuid,
	"fingerprint" text NOT NULL,
	"lines" jsonb NOT NULL,
	"coupon_code" text,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"held_seats" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seats_held" boolean DEFAULT false NOT NULL,
	"created_by_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_number" UNIQUE("number"),
	CONSTRAINT "quotes_number_positive" CHECK ("quotes"."number" > 0),
	CONSTRAINT "quotes_amounts" CHECK ("quotes"."subtotal_cents" >= 0 and "quotes"."discount_cents" >= 0 and "quotes"."total_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "quotes_hold_seats" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_order_quotes" ADD CONSTRAINT "purchase_order_quotes_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_quotes" ADD CONSTRAINT "purchase_order_quotes_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_order_quotes_quote" ON "purchase_order_quotes" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "quotes_reuse" ON "quotes" USING btree ("organization_id","fingerprint","valid_until");--> statement-breakpoint
CREATE INDEX "quotes_held" ON "quotes" USING btree ("valid_until") WHERE "quotes"."seats_held";