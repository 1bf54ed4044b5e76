CREATE TYPE "public"."coaching_style" AS ENUM('chill', 'performance', 'marginal_gains', 'custom');--> statement-breakpoint
CREATE TYPE "public"."ride_detail_type" AS ENUM('time-crunch', 'kom-segment', 'recovery-spin', 'endurance-builder', 'structured-workout', 'social-group', 'custom-note');--> statement-breakpoint
CREATE TABLE "analyses" (
	"activity_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"subject_line" text NOT NULL,
	"executive_summary" text NOT NULL,
	"feedback" text NOT NULL,
	"summary" text NOT NULL,
	"recovery" text NOT NULL,
	"training_plan_progress" text NOT NULL,
	"next_activity" text NOT NULL,
	"next_session" jsonb NOT NULL,
	"coaching_style" "coaching_style" DEFAULT 'performance' NOT NULL,
	"system_prompt" text,
	"activity_detail_type" "ride_detail_type",
	"activity_detail_note" text,
	"coach" text NOT NULL,
	"facts" jsonb NOT NULL,
	"context_hash" text NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"coaching_style_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_user_id_accounts_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analyses_user" ON "analyses" USING btree ("user_id");