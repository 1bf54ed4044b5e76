CREATE TABLE "strava_app_pause" (
	"client_id" text PRIMARY KEY NOT NULL,
	"cause" text NOT NULL,
	"detail" text NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL
);
