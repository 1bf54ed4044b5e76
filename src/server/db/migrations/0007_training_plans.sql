CREATE TYPE "public"."preparation_type" AS ENUM('event', 'pr', 'general-fitness');--> statement-breakpoint
CREATE TABLE "training_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"preparation_type" "preparation_type" NOT NULL,
	"event_name" text,
	"event_type" text,
	"event_date" text,
	"event_distance" text,
	"event_elevation" text,
	"ftp" text,
	"completion_goal" text,
	"target_time" text,
	"pr_goal" text,
	"pr_distance" text,
	"pr_elevation" text,
	"current_pr" text,
	"target_pr" text,
	"pr_timeline" text,
	"weekly_training_time" text,
	"plan_name" text,
	"selected_activities" text,
	"other_activity" text,
	"plan_duration" text,
	"additional_details" text,
	"generated_plan" jsonb NOT NULL,
	"plan_summary" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "training_plans" ADD CONSTRAINT "training_plans_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "training_plans_account" ON "training_plans" USING btree ("account_id","generated_at");