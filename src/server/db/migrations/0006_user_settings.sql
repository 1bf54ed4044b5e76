CREATE TABLE "user_settings" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"unit_system" text DEFAULT 'metric' NOT NULL,
	"coaching_style" "coaching_style" DEFAULT 'performance' NOT NULL,
	"system_prompt" text,
	"preferred_activities" text DEFAULT '[]' NOT NULL,
	"athlete_name" text,
	"athlete_weight" numeric(5, 1),
	"athlete_ftp" integer,
	"hr_zone1_max" integer,
	"hr_zone2_min" integer,
	"hr_zone2_max" integer,
	"hr_zone3_min" integer,
	"hr_zone3_max" integer,
	"hr_zone4_min" integer,
	"hr_zone4_max" integer,
	"hr_zone5_min" integer,
	"mesocycle_enabled" boolean DEFAULT false NOT NULL,
	"mesocycle_current_week" integer DEFAULT 1 NOT NULL,
	"mesocycle_week_start_date" timestamp with time zone,
	"athlete_data" jsonb,
	"athlete_data_cached_at" timestamp with time zone,
	"analysis_revision" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analyses" ADD COLUMN "settings_revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;