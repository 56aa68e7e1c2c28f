CREATE TABLE "privacy_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"detail" text NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"due_at" date,
	"extended_at" timestamp with time zone,
	"extension_reason" text,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answered_by" uuid,
	"due_warned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_requests_type_check" CHECK ("privacy_requests"."type" in ('ACCESS', 'RECTIFICATION', 'ERASURE', 'OBJECTION', 'PORTABILITY', 'BLOCKING')),
	CONSTRAINT "privacy_requests_status_check" CHECK ("privacy_requests"."status" in ('PENDING', 'EXTENDED', 'DONE', 'REFUSED')),
	CONSTRAINT "privacy_requests_detail_check" CHECK (char_length("privacy_requests"."detail") between 10 and 1000),
	CONSTRAINT "privacy_requests_due_check" CHECK (("privacy_requests"."confirmed_at" is null) = ("privacy_requests"."due_at" is null)),
	CONSTRAINT "privacy_requests_unconfirmed_check" CHECK ("privacy_requests"."confirmed_at" is not null or ("privacy_requests"."status" = 'PENDING' and "privacy_requests"."confirm_expires_at" is not null)),
	CONSTRAINT "privacy_requests_answer_check" CHECK (("privacy_requests"."status" in ('DONE', 'REFUSED')) = ("privacy_requests"."answered_at" is not null) and ("privacy_requests"."answered_at" is null) = ("privacy_requests"."answer" is null) and ("privacy_requests"."answer" is null or char_length("privacy_requests"."answer") between 10 and 2000)),
	CONSTRAINT "privacy_requests_extension_check" CHECK (("privacy_requests"."status" <> 'EXTENDED' or "privacy_requests"."extended_at" is not null) and ("privacy_requests"."extended_at" is null) = ("privacy_requests"."extension_reason" is null) and ("privacy_requests"."extension_reason" is null or char_length("privacy_requests"."extension_reason") between 10 and 2000))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_requests_token_idx" ON "privacy_requests" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "privacy_requests_queue_idx" ON "privacy_requests" USING btree ("due_at","id") WHERE "privacy_requests"."confirmed_at" is not null;--> statement-breakpoint
CREATE INDEX "privacy_requests_open_idx" ON "privacy_requests" USING btree ("due_at","id") WHERE "privacy_requests"."confirmed_at" is not null and "privacy_requests"."status" in ('PENDING', 'EXTENDED');--> statement-breakpoint
CREATE INDEX "privacy_requests_status_idx" ON "privacy_requests" USING btree ("status","due_at","id") WHERE "privacy_requests"."confirmed_at" is not null;--> statement-breakpoint
CREATE INDEX "privacy_requests_user_idx" ON "privacy_requests" USING btree ("user_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "privacy_requests_answered_by_idx" ON "privacy_requests" USING btree ("answered_by");--> statement-breakpoint
CREATE INDEX "privacy_requests_unconfirmed_idx" ON "privacy_requests" USING btree ("confirm_expires_at") WHERE "privacy_requests"."confirmed_at" is null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('STORY_EVALUATED', 'STORY_PUBLISHED', 'STORY_RETURNED', 'STORY_COMMENTED', 'COMMENT_REPLIED', 'STORY_TO_REVIEW', 'REQUEST_CREATED', 'ANNOTATION_ADDED', 'ANNOTATION_REPLIED', 'ANNOTATION_REOPENED', 'ANNOTATION_ANSWERED', 'ANNOTATION_RESOLVED', 'ANNOTATION_ORPHANED', 'REPORT_CREATED', 'REPORT_SETTLED', 'CONTENT_REMOVED', 'COMMENT_HELD', 'COMMENT_APPROVED', 'COMMENT_REJECTED', 'PRIVACY_REQUEST_CREATED', 'PRIVACY_REQUEST_DUE'));