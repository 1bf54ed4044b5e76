ALTER TABLE "activity_metrics" ADD COLUMN "threshold_sources" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- Metrics stored before the sources were recorded may have estimated their thresholds from any of
-- the account's activities, Strava's included: they count as derived from all of them until rescored.
UPDATE "activity_metrics" AS "m"
   SET "threshold_sources" = "account"."sources",
       "metrics" = "m"."metrics" || jsonb_build_object('thresholdSources', to_jsonb("account"."sources"))
  FROM (SELECT "user_id", array_agg(DISTINCT "source"::text ORDER BY "source"::text) AS "sources" FROM "activities" GROUP BY "user_id") AS "account"
 WHERE "account"."user_id" = "m"."user_id";
--> statement-breakpoint
ALTER TABLE "activity_metrics" ADD COLUMN "implied_threshold_speed_mps" double precision;--> statement-breakpoint
-- Metrics stored before threshold pace existed were scored without one; their runs count towards
-- the estimate once rescored (a changed threshold or an imported history rescores them all).
UPDATE "activity_metrics" SET "metrics" = "metrics" || '{"thresholdPaceSPerKm": null, "thresholdPaceSource": "none"}'::jsonb;
