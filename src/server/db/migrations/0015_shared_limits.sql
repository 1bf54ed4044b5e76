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
CREATE INDEX "throttles_expires_at" ON "throttles" USING btree ("expires_at");