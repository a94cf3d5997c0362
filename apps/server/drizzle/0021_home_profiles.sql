CREATE TABLE "home_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"openings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "home_profiles" ADD CONSTRAINT "home_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;