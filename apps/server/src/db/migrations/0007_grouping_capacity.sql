ALTER TABLE "event_groupings" ADD COLUMN "tickets_taken" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Groupings had a limit but no counter: count what their sections hold now. A grouping that already
-- holds more than its limit (the limit was not enforced at sale) gets the limit raised to what it
-- holds, as the staff editor never lets a limit fall below the tickets taken.
UPDATE "event_groupings" AS "g" SET "tickets_taken" = "s"."taken"
FROM (SELECT "grouping_id", sum("tickets_taken")::int AS "taken" FROM "event_sections" GROUP BY "grouping_id") AS "s"
WHERE "s"."grouping_id" = "g"."id";--> statement-breakpoint
UPDATE "event_groupings" SET "max_tickets" = "tickets_taken" WHERE "max_tickets" < "tickets_taken";--> statement-breakpoint
ALTER TABLE "event_groupings" ADD CONSTRAINT "event_groupings_capacity" CHECK ("event_groupings"."tickets_taken" >= 0 and ("event_groupings"."max_tickets" is null or "event_groupings"."tickets_taken" <= "event_groupings"."max_tickets"));
