CREATE TABLE "strava_paused_activities" (
	"account_id" uuid NOT NULL,
	"strava_activity_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "strava_paused_activities_account_id_strava_activity_id_pk" PRIMARY KEY("account_id","strava_activity_id")
);
--> statement-breakpoint
ALTER TABLE "strava_paused_activities" ADD CONSTRAINT "strava_paused_activities_account_id_strava_connections_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."strava_connections"("account_id") ON DELETE cascade ON UPDATE no action;