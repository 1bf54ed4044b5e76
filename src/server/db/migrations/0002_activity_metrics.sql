CREATE TABLE "activity_metrics" (
	"activity_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"metrics" jsonb NOT NULL,
	"training_load" double precision,
	"training_load_method" text,
	"best_20min_power_w" double precision,
	"max_heartrate_bpm" double precision,
	"ftp_w" double precision,
	"ftp_source" text NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "strava_connections" ADD COLUMN "history_scored" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_metrics" ADD CONSTRAINT "activity_metrics_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_metrics" ADD CONSTRAINT "activity_metrics_user_id_accounts_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_metrics_user" ON "activity_metrics" USING btree ("user_id");