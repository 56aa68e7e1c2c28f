CREATE TABLE "evaluations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"story_id" uuid NOT NULL,
	"teacher_id" uuid,
	"rubric_id" uuid,
	"columns" jsonb NOT NULL,
	"items" jsonb NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"score" integer NOT NULL,
	"max_score" integer NOT NULL,
	"round" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evaluations_story_unique" UNIQUE("story_id"),
	CONSTRAINT "evaluations_comment_check" CHECK (char_length("evaluations"."comment") <= 70),
	CONSTRAINT "evaluations_score_check" CHECK ("evaluations"."score" >= 0 and "evaluations"."score" <= "evaluations"."max_score"),
	CONSTRAINT "evaluations_grid_check" CHECK (jsonb_typeof("evaluations"."columns") = 'array' and jsonb_typeof("evaluations"."items") = 'array' and jsonb_array_length("evaluations"."items") >= 1)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"story_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_kind_story_unique" UNIQUE("kind","story_id"),
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('STORY_PUBLISHED'))
);
--> statement-breakpoint
CREATE TABLE "rubrics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"columns" jsonb NOT NULL,
	"items" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rubrics_title_check" CHECK (char_length("rubrics"."title") between 2 and 30),
	CONSTRAINT "rubrics_description_check" CHECK (char_length("rubrics"."description") between 1 and 100),
	CONSTRAINT "rubrics_grid_check" CHECK (jsonb_typeof("rubrics"."columns") = 'array' and jsonb_typeof("rubrics"."items") = 'array' and jsonb_array_length("rubrics"."columns") >= 2 and jsonb_array_length("rubrics"."items") >= 1)
);
--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_rubric_id_rubrics_id_fk" FOREIGN KEY ("rubric_id") REFERENCES "public"."rubrics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubrics" ADD CONSTRAINT "rubrics_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evaluations_teacher_idx" ON "evaluations" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "evaluations_rubric_idx" ON "evaluations" USING btree ("rubric_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_story_idx" ON "notifications" USING btree ("story_id");--> statement-breakpoint
CREATE INDEX "rubrics_owner_created_idx" ON "rubrics" USING btree ("owner_id","created_at" DESC NULLS FIRST,"id");