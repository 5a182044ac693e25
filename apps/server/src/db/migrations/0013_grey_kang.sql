CREATE TABLE "favourites" (
	"user_id" uuid NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_user_id_target_type_target_id_pk" PRIMARY KEY("user_id","target_type","target_id"),
	CONSTRAINT "favourites_target_type" CHECK ("favourites"."target_type" in ('toolkit_document', 'organization_resource', 'video'))
);
--> statement-breakpoint
CREATE TABLE "toolkit_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"audience" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "toolkit_categories_audience" CHECK ("toolkit_categories"."audience" <@ array['schoolLeader', 'testPrep', 'grade3Pilot', 'grade4Pilot', 'grade5Pilot']::text[])
);
--> statement-breakpoint
CREATE TABLE "toolkit_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid,
	"grouping_id" uuid,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "toolkit_documents_one_place" CHECK (("toolkit_documents"."category_id" is null) <> ("toolkit_documents"."grouping_id" is null)),
	CONSTRAINT "toolkit_documents_file_size" CHECK ("toolkit_documents"."file_size" >= 0)
);
--> statement-breakpoint
CREATE TABLE "toolkit_groupings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" uuid,
	"title" text NOT NULL,
	"audience" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "toolkit_groupings_audience" CHECK ("toolkit_groupings"."audience" <@ array['schoolLeader', 'testPrep', 'grade3Pilot', 'grade4Pilot', 'grade5Pilot']::text[]),
	CONSTRAINT "toolkit_groupings_not_own_parent" CHECK ("toolkit_groupings"."parent_id" is null or "toolkit_groupings"."parent_id" <> "toolkit_groupings"."id")
);
--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "toolkit_documents" ADD CONSTRAINT "toolkit_documents_category_id_toolkit_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."toolkit_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "toolkit_documents" ADD CONSTRAINT "toolkit_documents_grouping_id_toolkit_groupings_id_fk" FOREIGN KEY ("grouping_id") REFERENCES "public"."toolkit_groupings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "toolkit_documents" ADD CONSTRAINT "toolkit_documents_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "toolkit_groupings" ADD CONSTRAINT "toolkit_groupings_parent_id_toolkit_groupings_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."toolkit_groupings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favourites_user_recent" ON "favourites" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "favourites_target" ON "favourites" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "toolkit_categories_order" ON "toolkit_categories" USING btree ("position");--> statement-breakpoint
CREATE INDEX "toolkit_documents_category" ON "toolkit_documents" USING btree ("category_id","position");--> statement-breakpoint
CREATE INDEX "toolkit_documents_grouping" ON "toolkit_documents" USING btree ("grouping_id","position");--> statement-breakpoint
CREATE INDEX "toolkit_groupings_parent" ON "toolkit_groupings" USING btree ("parent_id","position");