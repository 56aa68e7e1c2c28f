CREATE TABLE "erasures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cause" text NOT NULL,
	"privacy_request_id" uuid,
	"performed_by" uuid,
	"counts" jsonb NOT NULL,
	"stories_kept" integer DEFAULT 0 NOT NULL,
	"comment_texts_removed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "erasures_cause_check" CHECK ("erasures"."cause" in ('ADMIN', 'RETENTION')),
	CONSTRAINT "erasures_counts_check" CHECK (jsonb_typeof("erasures"."counts") = 'object'),
	CONSTRAINT "erasures_stories_kept_check" CHECK ("erasures"."stories_kept" >= 0),
	CONSTRAINT "erasures_performer_check" CHECK ("erasures"."cause" = 'ADMIN' or "erasures"."performed_by" is null)
);
--> statement-breakpoint
ALTER TABLE "comment_replies" ALTER COLUMN "author_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ALTER COLUMN "author_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ALTER COLUMN "author_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "comment_replies" ADD COLUMN "author_erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "author_erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "orphaned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "erasures" ADD CONSTRAINT "erasures_privacy_request_id_privacy_requests_id_fk" FOREIGN KEY ("privacy_request_id") REFERENCES "public"."privacy_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erasures" ADD CONSTRAINT "erasures_performed_by_users_id_fk" FOREIGN KEY ("performed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "erasures_created_idx" ON "erasures" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "erasures_performed_by_idx" ON "erasures" USING btree ("performed_by");--> statement-breakpoint
CREATE INDEX "erasures_request_idx" ON "erasures" USING btree ("privacy_request_id");--> statement-breakpoint
ALTER TABLE "comment_replies" ADD CONSTRAINT "comment_replies_author_erased_check" CHECK (("comment_replies"."author_id" is null) = ("comment_replies"."author_erased_at" is not null));--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_author_erased_check" CHECK (("comments"."author_id" is null) = ("comments"."author_erased_at" is not null));--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_orphaned_check" CHECK (("stories"."author_id" is null) = ("stories"."orphaned_at" is not null) and ("stories"."orphaned_at" is null or ("stories"."status" = 'PUBLISHED' and "stories"."anonymity" and "stories"."nickname_value" is null and "stories"."location" is null and "stories"."location_lat" is null)));