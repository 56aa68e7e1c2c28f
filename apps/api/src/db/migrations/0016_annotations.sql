CREATE TABLE "annotation_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"annotation_id" uuid NOT NULL,
	"writer_id" uuid,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "annotation_replies_text_check" CHECK (char_length("annotation_replies"."text") between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "annotations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"story_id" uuid NOT NULL,
	"writer_id" uuid,
	"quote_exact" text NOT NULL,
	"quote_prefix" text DEFAULT '' NOT NULL,
	"quote_suffix" text DEFAULT '' NOT NULL,
	"position_start" integer NOT NULL,
	"position_end" integer NOT NULL,
	"text" text NOT NULL,
	"resolved" boolean DEFAULT false NOT NULL,
	"orphan" boolean DEFAULT false NOT NULL,
	"round" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "annotations_position_check" CHECK ("annotations"."position_start" >= 0 and "annotations"."position_end" > "annotations"."position_start"),
	CONSTRAINT "annotations_text_check" CHECK (char_length("annotations"."text") between 1 and 1000),
	CONSTRAINT "annotations_quote_check" CHECK (char_length("annotations"."quote_exact") between 1 and 5000),
	CONSTRAINT "annotations_context_check" CHECK (char_length("annotations"."quote_prefix") <= 32 and char_length("annotations"."quote_suffix") <= 32),
	CONSTRAINT "annotations_round_check" CHECK ("annotations"."round" >= 0)
);
--> statement-breakpoint
ALTER TABLE "annotation_replies" ADD CONSTRAINT "annotation_replies_annotation_id_annotations_id_fk" FOREIGN KEY ("annotation_id") REFERENCES "public"."annotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotation_replies" ADD CONSTRAINT "annotation_replies_writer_id_users_id_fk" FOREIGN KEY ("writer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_writer_id_users_id_fk" FOREIGN KEY ("writer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "annotation_replies_annotation_idx" ON "annotation_replies" USING btree ("annotation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "annotation_replies_writer_idx" ON "annotation_replies" USING btree ("writer_id");--> statement-breakpoint
CREATE INDEX "annotations_story_position_idx" ON "annotations" USING btree ("story_id","position_start","id");--> statement-breakpoint
CREATE INDEX "annotations_writer_idx" ON "annotations" USING btree ("writer_id");