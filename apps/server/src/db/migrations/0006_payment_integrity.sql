CREATE TYPE "public"."refund_reason" AS ENUM('SEATS_GONE', 'COUPON_USED_UP', 'AMOUNT_MISMATCH', 'CHECKOUT_MISMATCH');--> statement-breakpoint
ALTER TYPE "public"."event_payment_status" ADD VALUE 'REFUND_NEEDED';--> statement-breakpoint
ALTER TABLE "event_payments" ADD COLUMN "refund_reason" "refund_reason";--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "submitted_total_cents" integer;--> statement-breakpoint
-- Until now total_cents held what the buyer typed: keep it as the submitted total, and derive the
-- total and the type from the payment, as the server now does for every new purchase order.
UPDATE "purchase_orders" SET "submitted_total_cents" = "total_cents";--> statement-breakpoint
UPDATE "purchase_orders" AS "po" SET
  "total_cents" = "ep"."total_cents",
  "type" = CASE WHEN "ep"."application_id" IS NULL THEN 'CONFERENCE_DAY'::"purchase_order_type" ELSE 'EVENT_APPLICATION'::"purchase_order_type" END
FROM "event_payments" AS "ep" WHERE "ep"."id" = "po"."payment_id";--> statement-breakpoint
ALTER TABLE "purchase_orders" ALTER COLUMN "submitted_total_cents" SET NOT NULL;
