ALTER TABLE "event_payments" ADD COLUMN "idempotency_fingerprint" text;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "idempotency_fingerprint" text;--> statement-breakpoint
ALTER TABLE "event_registration_requests" ADD COLUMN "idempotency_fingerprint" text;