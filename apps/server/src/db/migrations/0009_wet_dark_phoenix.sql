CREATE TABLE "event_resource_sections" (
	"resource_id" uuid NOT NULL,
	"section_id" uuid NOT NULL,
	CONSTRAINT "event_resource_sections_resource_id_section_id_pk" PRIMARY KEY("resource_id","section_id")
);
--> statement-breakpoint
CREATE TABLE "event_resources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"url" text,
	"file_key" text,
	"file_name" text,
	"file_size" integer,
	"file_type" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_resources_link_or_file" CHECK (("event_resources"."url" is not null and "event_resources"."file_key" is null and "event_resources"."file_name" is null and "event_resources"."file_size" is null and "event_resources"."file_type" is null)
        or ("event_resources"."url" is null and "event_resources"."file_key" is not null and "event_resources"."file_name" is not null and "event_resources"."file_size" is not null and "event_resources"."file_type" is not null)),
	CONSTRAINT "event_resources_file_type" CHECK ("event_resources"."file_type" is null or "event_resources"."file_type" in ('pdf', 'docx', 'pptx', 'xlsx', 'png', 'jpg')),
	CONSTRAINT "event_resources_position" CHECK ("event_resources"."position" >= 0)
);
--> statement-breakpoint
ALTER TABLE "event_resource_sections" ADD CONSTRAINT "event_resource_sections_resource_id_event_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."event_resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_resource_sections" ADD CONSTRAINT "event_resource_sections_section_id_event_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."event_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_resources" ADD CONSTRAINT "event_resources_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_resources" ADD CONSTRAINT "event_resources_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_resource_sections_section" ON "event_resource_sections" USING btree ("section_id");--> statement-breakpoint
CREATE INDEX "event_resources_event" ON "event_resources" USING btree ("event_id","position");--> statement-breakpoint
CREATE INDEX "event_resources_title_trgm" ON "event_resources" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "event_resources_description_trgm" ON "event_resources" USING gin ("description" gin_trgm_ops);