-- The (grade, school) pair stories reference must be unique before the reference exists.
ALTER TABLE "grades" ADD CONSTRAINT "grades_id_college_unique" UNIQUE("id","college_id");--> statement-breakpoint
CREATE TABLE "stories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" uuid NOT NULL,
	"college_id" uuid NOT NULL,
	"grade_id" uuid NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'EDITING' NOT NULL,
	"anonymity" boolean DEFAULT false NOT NULL,
	"nickname_value" text,
	"location" text DEFAULT '' NOT NULL,
	"location_url" text,
	"writing_time" integer DEFAULT 0 NOT NULL,
	"word_count" integer DEFAULT 0 NOT NULL,
	"cover_id" uuid NOT NULL,
	"rounds" integer DEFAULT 0 NOT NULL,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"comments_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"title_search" text GENERATED ALWAYS AS (fics_fold(title)) STORED,
	CONSTRAINT "stories_status_check" CHECK ("stories"."status" in ('EDITING', 'REVIEWING', 'EVALUATED', 'PUBLISHED')),
	CONSTRAINT "stories_anonymity_or_nickname" CHECK (not ("stories"."anonymity" and "stories"."nickname_value" is not null)),
	CONSTRAINT "stories_writing_time_check" CHECK ("stories"."writing_time" >= 0),
	CONSTRAINT "stories_counts_check" CHECK ("stories"."likes_count" >= 0 and "stories"."comments_count" >= 0 and "stories"."word_count" >= 0),
	CONSTRAINT "stories_published_at_check" CHECK (("stories"."status" = 'PUBLISHED') = ("stories"."published_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "story_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"story_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"writing_time" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "story_revisions_round_unique" UNIQUE("story_id","round"),
	CONSTRAINT "story_revisions_round_check" CHECK ("story_revisions"."round" >= 1)
);
--> statement-breakpoint
CREATE TABLE "story_tags" (
	"story_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "story_tags_story_id_tag_id_pk" PRIMARY KEY("story_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "variant_of" uuid;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_cover_id_media_id_fk" FOREIGN KEY ("cover_id") REFERENCES "public"."media"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_grade_in_college_fk" FOREIGN KEY ("grade_id","college_id") REFERENCES "public"."grades"("id","college_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_revisions" ADD CONSTRAINT "story_revisions_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_tags" ADD CONSTRAINT "story_tags_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_tags" ADD CONSTRAINT "story_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stories_author_created_idx" ON "stories" USING btree ("author_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "stories_grade_status_idx" ON "stories" USING btree ("grade_id","status","updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "stories_cover_idx" ON "stories" USING btree ("cover_id");--> statement-breakpoint
CREATE INDEX "stories_published_idx" ON "stories" USING btree ("published_at" DESC NULLS FIRST,"id") WHERE "stories"."status" = 'PUBLISHED';--> statement-breakpoint
CREATE INDEX "stories_college_published_idx" ON "stories" USING btree ("college_id","published_at" DESC NULLS FIRST,"id") WHERE "stories"."status" = 'PUBLISHED';--> statement-breakpoint
CREATE INDEX "stories_grade_published_idx" ON "stories" USING btree ("grade_id","published_at" DESC NULLS FIRST,"id") WHERE "stories"."status" = 'PUBLISHED';--> statement-breakpoint
CREATE INDEX "stories_title_search_idx" ON "stories" USING gin ("title_search" gin_trgm_ops) WITH (gin_pending_list_limit=256) WHERE "stories"."status" = 'PUBLISHED';--> statement-breakpoint
CREATE INDEX "story_tags_tag_idx" ON "story_tags" USING btree ("tag_id","story_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_lower_idx" ON "tags" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "tags_search_idx" ON "tags" USING gin (fics_fold("name") gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_variant_of_media_id_fk" FOREIGN KEY ("variant_of") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_variant_of_idx" ON "media" USING btree ("variant_of");