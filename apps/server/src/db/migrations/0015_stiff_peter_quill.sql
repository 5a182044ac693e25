CREATE TABLE "organization_resources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"school_year_id" uuid NOT NULL,
	"title" text NOT NULL,
	"grades" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"url" text,
	"file_key" text,
	"file_name" text,
	"file_size" integer,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("title", '')), 'A') || setweight(to_tsvector('english', coalesce("grades", '')), 'B') || setweight(to_tsvector('english', coalesce("description", '')), 'C')) STORED NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_resources_link_or_file" CHECK (("organization_resources"."url" is not null and "organization_resources"."file_key" is null and "organization_resources"."file_name" is null and "organization_resources"."file_size" is null)
        or ("organization_resources"."url" is null and "organization_resources"."file_key" is not null and "organization_resources"."file_name" is not null and "organization_resources"."file_size" is not null))
);
--> statement-breakpoint
CREATE TABLE "video_collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"video_id" uuid NOT NULL,
	"title" text NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"collection_id" uuid NOT NULL,
	"vimeo_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "videos_vimeo_id" CHECK ("videos"."vimeo_id" ~ '^[0-9]{1,15}$')
);
--> statement-breakpoint
ALTER TABLE "organization_resources" ADD CONSTRAINT "organization_resources_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_resources" ADD CONSTRAINT "organization_resources_school_year_id_school_years_id_fk" FOREIGN KEY ("school_year_id") REFERENCES "public"."school_years"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_resources" ADD CONSTRAINT "organization_resources_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_documents" ADD CONSTRAINT "video_documents_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_collection_id_video_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."video_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organization_resources_list" ON "organization_resources" USING btree ("organization_id","school_year_id","title");--> statement-breakpoint
CREATE INDEX "organization_resources_search" ON "organization_resources" USING gin ("search_vector");--> statement-breakpoint
CREATE UNIQUE INDEX "video_collections_slug" ON "video_collections" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "video_documents_video" ON "video_documents" USING btree ("video_id","created_at");--> statement-breakpoint
CREATE INDEX "videos_collection" ON "videos" USING btree ("collection_id","position");