CREATE TABLE "saved_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"text" text NOT NULL,
	"use_count" integer DEFAULT 0 NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (fics_fold(text)) STORED,
	CONSTRAINT "saved_comments_text_check" CHECK (char_length("saved_comments"."text") between 1 and 1000 and "saved_comments"."text" = btrim("saved_comments"."text")),
	CONSTRAINT "saved_comments_use_count_check" CHECK ("saved_comments"."use_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "saved_comments" ADD CONSTRAINT "saved_comments_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_comments_owner_text_idx" ON "saved_comments" USING btree ("owner_id",md5("text"));--> statement-breakpoint
CREATE INDEX "saved_comments_owner_used_idx" ON "saved_comments" USING btree ("owner_id","last_used_at" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "saved_comments_search_idx" ON "saved_comments" USING gin ("search_text" gin_trgm_ops) WITH (gin_pending_list_limit=256);