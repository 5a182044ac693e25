CREATE TABLE "package_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_request_id" uuid NOT NULL,
	"package_event_id" uuid,
	"group_section_id" uuid,
	"package_institute_id" uuid,
	"user_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"assigned_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_assignments_one_item" CHECK (num_nonnulls("package_assignments"."package_event_id", "package_assignments"."group_section_id", "package_assignments"."package_institute_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "package_assignments" ADD CONSTRAINT "package_assignments_package_request_id_package_requests_id_fk" FOREIGN KEY ("package_request_id") REFERENCES "public"."package_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_assignments" ADD CONSTRAINT "package_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_assignments" ADD CONSTRAINT "package_assignments_assigned_by_id_users_id_fk" FOREIGN KEY ("assigned_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_assignments" ADD CONSTRAINT "package_assignments_event_fk" FOREIGN KEY ("package_request_id","package_event_id") REFERENCES "public"."package_request_events"("package_request_id","package_event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_assignments" ADD CONSTRAINT "package_assignments_group_section_fk" FOREIGN KEY ("package_request_id","group_section_id") REFERENCES "public"."package_request_group_sections"("package_request_id","group_section_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_assignments" ADD CONSTRAINT "package_assignments_institute_fk" FOREIGN KEY ("package_request_id","package_institute_id") REFERENCES "public"."package_request_institutes"("package_request_id","package_institute_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "package_assignments_event_user" ON "package_assignments" USING btree ("package_request_id","package_event_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "package_assignments_group_section_user" ON "package_assignments" USING btree ("package_request_id","group_section_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "package_assignments_institute_user" ON "package_assignments" USING btree ("package_request_id","package_institute_id","user_id");--> statement-breakpoint
CREATE INDEX "package_assignments_user" ON "package_assignments" USING btree ("user_id");