ALTER TABLE "user_settings" ADD COLUMN "athlete_weight_source" text;--> statement-breakpoint
-- A weight stored before the source was kept was typed by the athlete (ADR 0071).
UPDATE "user_settings" SET "athlete_weight_source" = 'athlete' WHERE "athlete_weight" IS NOT NULL;
