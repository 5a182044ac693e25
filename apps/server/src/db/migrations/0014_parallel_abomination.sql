ALTER TYPE "public"."purchase_order_type" ADD VALUE 'PACKAGE';--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"package_request_id" uuid,
	"package_name" text NOT NULL,
	"signed_pdf_key" text,
	"total_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contracts_total" CHECK ("contracts"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_order_applications" (
	"purchase_order_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	CONSTRAINT "purchase_order_applications_purchase_order_id_application_id_pk" PRIMARY KEY("purchase_order_id","application_id")
);
--> statement-breakpoint
CREATE TABLE "purchase_order_contracts" (
	"purchase_order_id" uuid PRIMARY KEY NOT NULL,
	"contract_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchase_orders" ALTER COLUMN "payment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_applications" ADD CONSTRAINT "purchase_order_applications_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_applications" ADD CONSTRAINT "purchase_order_applications_application_id_event_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."event_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_applications" ADD CONSTRAINT "purchase_order_applications_payment_id_event_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."event_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_contracts" ADD CONSTRAINT "purchase_order_contracts_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_contracts" ADD CONSTRAINT "purchase_order_contracts_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contracts_organization" ON "contracts" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "purchase_order_applications_payment" ON "purchase_order_applications" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "purchase_order_contracts_contract" ON "purchase_order_contracts" USING btree ("contract_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_idempotency" ON "purchase_orders" USING btree ("submitted_by_id","idempotency_key");