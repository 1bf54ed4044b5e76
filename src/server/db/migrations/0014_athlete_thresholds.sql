ALTER TABLE "user_settings" ADD COLUMN "athlete_max_hr_bpm" integer;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "athlete_resting_hr_bpm" integer;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "athlete_lthr_bpm" integer;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "athlete_threshold_pace_s_per_km" integer;