CREATE TABLE "invoice_credit_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"source_payment_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"applied_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_credit_applications_amount_positive" CHECK ("invoice_credit_applications"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "district_fund_approvals" ADD COLUMN "withdrawn" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_credit_applications" ADD CONSTRAINT "invoice_credit_applications_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_credit_applications" ADD CONSTRAINT "invoice_credit_applications_source_payment_id_invoice_payments_id_fk" FOREIGN KEY ("source_payment_id") REFERENCES "public"."invoice_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_credit_applications" ADD CONSTRAINT "invoice_credit_applications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_credit_applications_once" ON "invoice_credit_applications" USING btree ("invoice_id","source_payment_id");--> statement-breakpoint
CREATE INDEX "invoice_credit_applications_source" ON "invoice_credit_applications" USING btree ("source_payment_id");--> statement-breakpoint
CREATE INDEX "invoice_credit_applications_organization" ON "invoice_credit_applications" USING btree ("organization_id");