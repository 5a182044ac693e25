ALTER TABLE "event_registration_requests" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "event_registration_requests" ADD CONSTRAINT "event_registration_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Hand-written from here (docs/decisions/0087-registration-request-organization.md): requests made before they
-- carried an organization take their newest payment's (a purchase order names one), else their requester's only
-- active organization; then their payments without one take the request's.
UPDATE "event_registration_requests" AS r SET "organization_id" = coalesce(
	(SELECT p."organization_id" FROM "event_registration_payments" rp
		JOIN "event_payments" p ON p."id" = rp."payment_id"
		WHERE rp."request_id" = r."id" AND p."organization_id" IS NOT NULL
		ORDER BY rp."created_at" DESC, p."id" DESC LIMIT 1),
	(SELECT (array_agg(DISTINCT m."organization_id"))[1] FROM "organization_memberships" m
		WHERE m."user_id" = r."user_id" AND m."archived_at" IS NULL
		HAVING count(DISTINCT m."organization_id") = 1)
) WHERE r."organization_id" IS NULL;--> statement-breakpoint
UPDATE "event_payments" AS p SET "organization_id" = r."organization_id"
	FROM "event_registration_payments" rp
	JOIN "event_registration_requests" r ON r."id" = rp."request_id"
	WHERE rp."payment_id" = p."id" AND p."organization_id" IS NULL AND r."organization_id" IS NOT NULL;
