CREATE TYPE "public"."invitation_kind" AS ENUM('DISTRICT', 'ORGANIZATION');--> statement-breakpoint
CREATE TYPE "public"."invitation_status" AS ENUM('SENT', 'ACCEPTED', 'CANCELLED');--> statement-breakpoint
CREATE TABLE "billing_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"address_line1" text,
	"address_line2" text,
	"city" text,
	"state_province" text,
	"country" text,
	"zip_postal" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "district_memberships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"district_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" "organization_role" DEFAULT 'MEMBER' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitation_grades" (
	"invitation_id" uuid NOT NULL,
	"grade_id" uuid NOT NULL,
	CONSTRAINT "invitation_grades_invitation_id_grade_id_pk" PRIMARY KEY("invitation_id","grade_id")
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" "invitation_kind" NOT NULL,
	"organization_id" uuid,
	"district_id" uuid,
	"user_id" uuid NOT NULL,
	"role" "organization_role" DEFAULT 'MEMBER' NOT NULL,
	"position_id" uuid,
	"tool_kit_access" boolean DEFAULT false NOT NULL,
	"status" "invitation_status" DEFAULT 'SENT' NOT NULL,
	"invited_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "invitations_code_unique" UNIQUE("code"),
	CONSTRAINT "invitations_target" CHECK (("invitations"."kind" = 'ORGANIZATION' and "invitations"."organization_id" is not null) or ("invitations"."kind" = 'DISTRICT' and "invitations"."district_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "organization_membership_grades" (
	"membership_id" uuid NOT NULL,
	"grade_id" uuid NOT NULL,
	CONSTRAINT "organization_membership_grades_membership_id_grade_id_pk" PRIMARY KEY("membership_id","grade_id")
);
--> statement-breakpoint
ALTER TABLE "districts" ADD COLUMN "created_by_id" uuid;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "mailing_address_line1" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "mailing_address_line2" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "mailing_city" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "mailing_state_province" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "mailing_country" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "mailing_zip_postal" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "mailing_phone" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "billing_address_line1" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "billing_address_line2" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "billing_city" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "billing_state_province" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "billing_country" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "billing_zip_postal" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "billing_phone" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "ticket_recipient_membership_id" uuid;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "created_by_id" uuid;--> statement-breakpoint
ALTER TABLE "billing_contacts" ADD CONSTRAINT "billing_contacts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_memberships" ADD CONSTRAINT "district_memberships_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_memberships" ADD CONSTRAINT "district_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_grades" ADD CONSTRAINT "invitation_grades_invitation_id_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_grades" ADD CONSTRAINT "invitation_grades_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_membership_grades" ADD CONSTRAINT "organization_membership_grades_membership_id_organization_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."organization_memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_membership_grades" ADD CONSTRAINT "organization_membership_grades_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_contacts_organization" ON "billing_contacts" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "district_memberships_district_user" ON "district_memberships" USING btree ("district_id","user_id");--> statement-breakpoint
CREATE INDEX "district_memberships_user" ON "district_memberships" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_one_open_per_organization" ON "invitations" USING btree ("organization_id","user_id") WHERE "invitations"."status" = 'SENT' and "invitations"."organization_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_one_open_per_district" ON "invitations" USING btree ("district_id","user_id") WHERE "invitations"."status" = 'SENT' and "invitations"."district_id" is not null;--> statement-breakpoint
CREATE INDEX "invitations_user" ON "invitations" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "districts" ADD CONSTRAINT "districts_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_ticket_recipient_membership_id_organization_memberships_id_fk" FOREIGN KEY ("ticket_recipient_membership_id") REFERENCES "public"."organization_memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "districts_name_trgm" ON "districts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "organizations_name_trgm" ON "organizations" USING gin ("name" gin_trgm_ops);