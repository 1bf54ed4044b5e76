ALTER TABLE "activity_metrics" ADD COLUMN "implied_threshold_speed_mps" double precision;--> statement-breakpoint
-- Metrics stored before threshold pace existed were scored without one; their runs count towards
-- the estimate once rescored (a changed threshold or an imported history rescores them all).
UPDATE "activity_metrics" SET "metrics" = "metrics" || '{"thresholdPaceSPerKm": null, "thresholdPaceSource": "none"}'::jsonb;
