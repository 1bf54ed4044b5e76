CREATE TABLE "athletic_profiles" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"signature_edge" text NOT NULL,
	"athlete_identity" text NOT NULL,
	"recent_improvements" text NOT NULL,
	"performance_strengths" text NOT NULL,
	"performance_limiters" text NOT NULL,
	"opportunities_ahead" text NOT NULL,
	"recommended_events" text DEFAULT '' NOT NULL,
	"activity_count" integer NOT NULL,
	"author" text NOT NULL,
	"events_source" text,
	"facts" jsonb NOT NULL,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "athletic_profiles" ADD CONSTRAINT "athletic_profiles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;