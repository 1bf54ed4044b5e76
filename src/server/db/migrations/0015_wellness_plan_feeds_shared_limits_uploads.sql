CREATE TABLE "activity_feels" (
	"activity_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"rpe" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_upload_parts" (
	"import_id" uuid NOT NULL,
	"part" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "import_upload_parts_import_id_part_pk" PRIMARY KEY("import_id","part")
);
--> statement-breakpoint
CREATE TABLE "plan_calendar_feeds" (
	"plan_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "strava_budget" (
	"client_id" text PRIMARY KEY NOT NULL,
	"short_window_start_ms" bigint NOT NULL,
	"day_start_ms" bigint NOT NULL,
	"overall_short" integer NOT NULL,
	"overall_day" integer NOT NULL,
	"read_short" integer NOT NULL,
	"read_day" integer NOT NULL,
	"overall_short_limit" integer NOT NULL,
	"overall_day_limit" integer NOT NULL,
	"read_short_limit" integer NOT NULL,
	"read_day_limit" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "throttles" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"hits_ms" bigint[] NOT NULL,
	"accepted" boolean NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "throttles_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "wellness_days" (
	"user_id" uuid NOT NULL,
	"date" date NOT NULL,
	"sleep_hours" double precision,
	"sleep_quality" integer,
	"fatigue" integer,
	"soreness" integer,
	"stress" integer,
	"mood" integer,
	"resting_hr_bpm" double precision,
	"hrv_rmssd_ms" double precision,
	"weight_kg" double precision,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wellness_days_user_id_date_pk" PRIMARY KEY("user_id","date")
);
--> statement-breakpoint
ALTER TABLE "training_plans" ADD COLUMN "start_date" text;--> statement-breakpoint
ALTER TABLE "activity_feels" ADD CONSTRAINT "activity_feels_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_feels" ADD CONSTRAINT "activity_feels_user_id_accounts_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_upload_parts" ADD CONSTRAINT "import_upload_parts_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_calendar_feeds" ADD CONSTRAINT "plan_calendar_feeds_plan_id_training_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."training_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_calendar_feeds" ADD CONSTRAINT "plan_calendar_feeds_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wellness_days" ADD CONSTRAINT "wellness_days_user_id_accounts_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_feels_user" ON "activity_feels" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "throttles_expires_at" ON "throttles" USING btree ("expires_at");