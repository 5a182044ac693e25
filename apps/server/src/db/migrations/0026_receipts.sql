CREATE TABLE "event_payment_receipts" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"number" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"card_brand" text,
	"card_last4" text,
	CONSTRAINT "event_payment_receipts_number" UNIQUE("number"),
	CONSTRAINT "event_payment_receipts_number_positive" CHECK ("event_payment_receipts"."number" > 0)
);
--> statement-breakpoint
CREATE TABLE "receipt_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_payment_receipts" ADD CONSTRAINT "event_payment_receipts_payment_id_event_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."event_payments"("id") ON DELETE cascade ON UPDATE no action;