CREATE TYPE "public"."activity_source" AS ENUM('strava', 'file', 'archive', 'demo');--> statement-breakpoint
CREATE TABLE "activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"source" "activity_source" NOT NULL,
	"source_key" text NOT NULL,
	"strava_activity_id" text,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"sport_type" text NOT NULL,
	"distance" double precision DEFAULT 0 NOT NULL,
	"moving_time" integer DEFAULT 0 NOT NULL,
	"elapsed_time" integer DEFAULT 0 NOT NULL,
	"total_elevation_gain" double precision,
	"start_date" timestamp with time zone NOT NULL,
	"timezone" text,
	"average_speed" double precision,
	"max_speed" double precision,
	"elev_high" double precision,
	"elev_low" double precision,
	"workout_type" integer,
	"average_heartrate" double precision,
	"max_heartrate" double precision,
	"average_cadence" double precision,
	"average_watts" double precision,
	"max_watts" double precision,
	"weighted_average_watts" double precision,
	"device_watts" boolean DEFAULT false NOT NULL,
	"kilojoules" double precision,
	"calories" double precision,
	"trainer" boolean DEFAULT false NOT NULL,
	"commute" boolean DEFAULT false NOT NULL,
	"suffer_score" double precision,
	"start_latlng" jsonb,
	"end_latlng" jsonb,
	"description" text,
	"device_name" text,
	"segment_efforts" jsonb,
	"best_efforts" jsonb,
	"laps" jsonb,
	"splits_metric" jsonb,
	"splits_standard" jsonb,
	"detailed_data" jsonb,
	"detail_fetched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_streams" (
	"activity_id" uuid PRIMARY KEY NOT NULL,
	"sample_count" integer NOT NULL,
	"keys" jsonb NOT NULL,
	"codec_version" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"error" text,
	"storage_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strava_connections" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"strava_id" text NOT NULL,
	"access_token" text NOT NULL,
	"refresh_token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"scope" text NOT NULL,
	"name" text,
	"profile_photo" text,
	"demo" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"backfill_before" integer,
	"backfill_done" boolean DEFAULT false NOT NULL,
	"last_sync_at" timestamp with time zone,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "strava_connections_strava_id_unique" UNIQUE("strava_id")
);
--> statement-breakpoint
CREATE TABLE "strava_webhook_events" (
	"event_key" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_user_id_accounts_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_streams" ADD CONSTRAINT "activity_streams_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strava_connections" ADD CONSTRAINT "strava_connections_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activities_source_key" ON "activities" USING btree ("user_id","source","source_key");--> statement-breakpoint
CREATE UNIQUE INDEX "activities_strava_activity_id" ON "activities" USING btree ("strava_activity_id");--> statement-breakpoint
CREATE INDEX "activities_user_start" ON "activities" USING btree ("user_id","start_date");--> statement-breakpoint
CREATE INDEX "imports_account" ON "imports" USING btree ("account_id");