CREATE TABLE "fitness_days" (
	"user_id" uuid NOT NULL,
	"date" date NOT NULL,
	"load" double precision NOT NULL,
	"ctl" double precision NOT NULL,
	"atl" double precision NOT NULL,
	"tsb" double precision NOT NULL,
	CONSTRAINT "fitness_days_user_id_date_pk" PRIMARY KEY("user_id","date")
);
--> statement-breakpoint
ALTER TABLE "analyses" ADD COLUMN "history_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fitness_days" ADD CONSTRAINT "fitness_days_user_id_accounts_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_user_list" ON "activities" USING btree ("user_id","start_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "activities"."duplicate_of" is null;--> statement-breakpoint
CREATE INDEX "analyses_history_pending" ON "analyses" USING btree ("user_id") WHERE "analyses"."history_pending";