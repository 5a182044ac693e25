CREATE TABLE "event_application_placements" (
	"application_id" uuid NOT NULL,
	"grouping_id" uuid NOT NULL,
	"section_id" uuid NOT NULL,
	"rank" integer,
	"hand_reason" text,
	"placed_at" timestamp with time zone NOT NULL,
	"placed_by_id" uuid,
	CONSTRAINT "event_application_placements_application_id_grouping_id_pk" PRIMARY KEY("application_id","grouping_id")
);
--> statement-breakpoint
ALTER TABLE "event_application_placements" ADD CONSTRAINT "event_application_placements_application_id_event_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."event_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_application_placements" ADD CONSTRAINT "event_application_placements_grouping_id_event_groupings_id_fk" FOREIGN KEY ("grouping_id") REFERENCES "public"."event_groupings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_application_placements" ADD CONSTRAINT "event_application_placements_section_id_event_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."event_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_application_placements" ADD CONSTRAINT "event_application_placements_placed_by_id_users_id_fk" FOREIGN KEY ("placed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_application_placements_section" ON "event_application_placements" USING btree ("section_id");