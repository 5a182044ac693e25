CREATE TABLE "school_sign_in_attempts" (
	"state" text PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sign_in_provider_domains" (
	"provider_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"issuer_url" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_encrypted" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_sign_in_identities" (
	"provider_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_signed_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_sign_in_identities_provider_id_subject_pk" PRIMARY KEY("provider_id","subject")
);
--> statement-breakpoint
ALTER TABLE "school_sign_in_attempts" ADD CONSTRAINT "school_sign_in_attempts_provider_id_sign_in_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."sign_in_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_provider_domains" ADD CONSTRAINT "sign_in_provider_domains_provider_id_sign_in_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."sign_in_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_providers" ADD CONSTRAINT "sign_in_providers_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sign_in_identities" ADD CONSTRAINT "user_sign_in_identities_provider_id_sign_in_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."sign_in_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sign_in_identities" ADD CONSTRAINT "user_sign_in_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "school_sign_in_attempts_created" ON "school_sign_in_attempts" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sign_in_provider_domains_domain" ON "sign_in_provider_domains" USING btree ("domain");--> statement-breakpoint
CREATE INDEX "sign_in_provider_domains_provider" ON "sign_in_provider_domains" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "user_sign_in_identities_user" ON "user_sign_in_identities" USING btree ("user_id");