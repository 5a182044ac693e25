CREATE TYPE "public"."district_fund_entry_kind" AS ENUM('DEPOSIT', 'SPEND', 'REFUND', 'ADJUSTMENT');--> statement-breakpoint
ALTER TYPE "public"."event_payment_method" ADD VALUE 'DISTRICT_FUNDS';--> statement-breakpoint
ALTER TYPE "public"."event_payment_status" ADD VALUE 'AWAITING_APPROVAL';--> statement-breakpoint
ALTER TYPE "public"."refund_method" ADD VALUE 'DISTRICT_FUND';--> statement-breakpoint
CREATE TABLE "district_fund_allowances" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"district_id" uuid NOT NULL,
	"limit_cents" integer NOT NULL,
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "district_fund_allowances_limit" CHECK ("district_fund_allowances"."limit_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "district_fund_approvals" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"district_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"decided_by_id" uuid,
	"decided_at" timestamp with time zone,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "district_fund_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"district_id" uuid NOT NULL,
	"kind" "district_fund_entry_kind" NOT NULL,
	"amount_cents" integer NOT NULL,
	"organization_id" uuid,
	"payment_id" uuid,
	"reference" text,
	"reason" text NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "district_fund_entries_sign" CHECK (("district_fund_entries"."kind" = 'SPEND' and "district_fund_entries"."amount_cents" < 0) or ("district_fund_entries"."kind" in ('DEPOSIT', 'REFUND') and "district_fund_entries"."amount_cents" > 0) or ("district_fund_entries"."kind" = 'ADJUSTMENT' and "district_fund_entries"."amount_cents" <> 0))
);
--> statement-breakpoint
CREATE TABLE "district_funds" (
	"district_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "district_fund_allowances" ADD CONSTRAINT "district_fund_allowances_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_fund_allowances" ADD CONSTRAINT "district_fund_allowances_district_id_district_funds_district_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."district_funds"("district_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_fund_allowances" ADD CONSTRAINT "district_fund_allowances_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_fund_approvals" ADD CONSTRAINT "district_fund_approvals_payment_id_event_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."event_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_fund_approvals" ADD CONSTRAINT "district_fund_approvals_district_id_district_funds_district_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."district_funds"("district_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_fund_approvals" ADD CONSTRAINT "district_fund_approvals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_fund_approvals" ADD CONSTRAINT "district_fund_approvals_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_fund_entries" ADD CONSTRAINT "district_fund_entries_district_id_district_funds_district_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."district_funds"("district_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_fund_entries" ADD CONSTRAINT "district_fund_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_fund_entries" ADD CONSTRAINT "district_fund_entries_payment_id_event_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."event_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_fund_entries" ADD CONSTRAINT "district_fund_entries_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_funds" ADD CONSTRAINT "district_funds_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "district_fund_allowances_district" ON "district_fund_allowances" USING btree ("district_id");--> statement-breakpoint
CREATE INDEX "district_fund_approvals_waiting" ON "district_fund_approvals" USING btree ("district_id","created_at") WHERE "district_fund_approvals"."decided_at" is null;--> statement-breakpoint
CREATE INDEX "district_fund_entries_district" ON "district_fund_entries" USING btree ("district_id","created_at");--> statement-breakpoint
CREATE INDEX "district_fund_entries_organization" ON "district_fund_entries" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "district_fund_entries_payment" ON "district_fund_entries" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "district_fund_entries_one_spend" ON "district_fund_entries" USING btree ("payment_id") WHERE "district_fund_entries"."kind" = 'SPEND';--> statement-breakpoint
CREATE FUNCTION "district_fund_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'district_fund_entries is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "district_fund_entries_append_only" BEFORE UPDATE OR DELETE ON "district_fund_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "district_fund_entries_append_only"();
