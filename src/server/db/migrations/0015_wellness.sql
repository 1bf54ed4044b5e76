CREATE TABLE "activity_feels" (
	"activity_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"rpe" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
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
ALTER TABLE "activity_feels" ADD CONSTRAINT "activity_feels_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_feels" ADD CONSTRAINT "activity_feels_user_id_accounts_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wellness_days" ADD CONSTRAINT "wellness_days_user_id_accounts_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_feels_user" ON "activity_feels" USING btree ("user_id");