CREATE TYPE "public"."invoice_payment_method" AS ENUM('CHECK', 'TRANSFER');--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"method" "invoice_payment_method" NOT NULL,
	"reference" text NOT NULL,
	"received_on" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"applied_cents" integer NOT NULL,
	"credit_cents" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"idempotency_fingerprint" text,
	"recorded_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_amount_positive" CHECK ("invoice_payments"."amount_cents" > 0),
	CONSTRAINT "invoice_payments_split" CHECK ("invoice_payments"."applied_cents" >= 0 and "invoice_payments"."credit_cents" >= 0 and "invoice_payments"."applied_cents" + "invoice_payments"."credit_cents" = "invoice_payments"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "invoice_reminders" (
	"invoice_id" uuid NOT NULL,
	"days_overdue" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_reminders_invoice_id_days_overdue_pk" PRIMARY KEY("invoice_id","days_overdue")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"purchase_order_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"total_cents" integer NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"issued_on" date NOT NULL,
	"terms_days" integer NOT NULL,
	"due_on" date NOT NULL,
	"billing_email" text NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "invoices_number" UNIQUE("number"),
	CONSTRAINT "invoices_purchase_order" UNIQUE("purchase_order_id"),
	CONSTRAINT "invoices_number_positive" CHECK ("invoices"."number" > 0),
	CONSTRAINT "invoices_total_positive" CHECK ("invoices"."total_cents" > 0),
	CONSTRAINT "invoices_paid_within_total" CHECK ("invoices"."paid_cents" between 0 and "invoices"."total_cents"),
	CONSTRAINT "invoices_paid_at_when_paid" CHECK (("invoices"."paid_at" is not null) = ("invoices"."paid_cents" = "invoices"."total_cents"))
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "payment_terms_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_idempotency" ON "invoice_payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice" ON "invoice_payments" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE INDEX "invoice_payments_organization" ON "invoice_payments" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_organization" ON "invoices" USING btree ("organization_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_open_due" ON "invoices" USING btree ("due_on") WHERE "invoices"."paid_at" is null;