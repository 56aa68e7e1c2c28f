CREATE TABLE "security_incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"detected_at" timestamp with time zone NOT NULL,
	"nature" text NOT NULL,
	"description" text NOT NULL,
	"data_categories" text[] NOT NULL,
	"children_data" boolean NOT NULL,
	"affected_count" integer NOT NULL,
	"affected_description" text,
	"measures" text NOT NULL,
	"subjects_notified" boolean DEFAULT false NOT NULL,
	"subjects_notified_at" timestamp with time zone,
	"subjects_notice_method" text,
	"agency_notified" boolean DEFAULT false NOT NULL,
	"agency_notified_at" timestamp with time zone,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"closed_at" timestamp with time zone,
	"recorded_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "security_incidents_nature_check" CHECK ("security_incidents"."nature" in ('CONFIDENTIALITY', 'INTEGRITY', 'AVAILABILITY')),
	CONSTRAINT "security_incidents_status_check" CHECK ("security_incidents"."status" in ('OPEN', 'CLOSED')),
	CONSTRAINT "security_incidents_detected_check" CHECK ("security_incidents"."detected_at" >= "security_incidents"."occurred_at"),
	CONSTRAINT "security_incidents_description_check" CHECK (char_length("security_incidents"."description") between 10 and 4000),
	CONSTRAINT "security_incidents_measures_check" CHECK (char_length("security_incidents"."measures") between 10 and 4000),
	CONSTRAINT "security_incidents_affected_description_check" CHECK ("security_incidents"."affected_description" is null or char_length("security_incidents"."affected_description") <= 1000),
	CONSTRAINT "security_incidents_affected_count_check" CHECK ("security_incidents"."affected_count" between 0 and 10000000),
	CONSTRAINT "security_incidents_categories_check" CHECK (cardinality("security_incidents"."data_categories") between 1 and 9 and array_position("security_incidents"."data_categories", null) is null and "security_incidents"."data_categories" <@ array['IDENTIFICATION', 'CONTACT', 'CREDENTIALS', 'CONTENT', 'EVALUATIONS', 'IMAGES', 'ACTIVITY', 'CONSENT', 'OTHER']::text[]),
	CONSTRAINT "security_incidents_subjects_notice_check" CHECK ("security_incidents"."subjects_notified" = ("security_incidents"."subjects_notified_at" is not null) and "security_incidents"."subjects_notified" = ("security_incidents"."subjects_notice_method" is not null) and ("security_incidents"."subjects_notice_method" is null or char_length("security_incidents"."subjects_notice_method") between 3 and 300) and ("security_incidents"."subjects_notified_at" is null or "security_incidents"."subjects_notified_at" >= "security_incidents"."occurred_at")),
	CONSTRAINT "security_incidents_agency_notice_check" CHECK ("security_incidents"."agency_notified" = ("security_incidents"."agency_notified_at" is not null) and ("security_incidents"."agency_notified_at" is null or "security_incidents"."agency_notified_at" >= "security_incidents"."occurred_at")),
	CONSTRAINT "security_incidents_closed_check" CHECK (("security_incidents"."status" = 'CLOSED') = ("security_incidents"."closed_at" is not null)),
	CONSTRAINT "security_incidents_children_notice_check" CHECK ("security_incidents"."status" = 'OPEN' or not "security_incidents"."children_data" or "security_incidents"."subjects_notified"),
	CONSTRAINT "security_incidents_version_check" CHECK ("security_incidents"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "security_incidents" ADD CONSTRAINT "security_incidents_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "security_incidents_occurred_idx" ON "security_incidents" USING btree ("occurred_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "security_incidents_status_idx" ON "security_incidents" USING btree ("status","occurred_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "security_incidents_recorded_by_idx" ON "security_incidents" USING btree ("recorded_by");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('STORY_EVALUATED', 'STORY_PUBLISHED', 'STORY_RETURNED', 'STORY_COMMENTED', 'COMMENT_REPLIED', 'STORY_TO_REVIEW', 'REQUEST_CREATED', 'ANNOTATION_ADDED', 'ANNOTATION_REPLIED', 'ANNOTATION_REOPENED', 'ANNOTATION_ANSWERED', 'ANNOTATION_RESOLVED', 'ANNOTATION_ORPHANED', 'REPORT_CREATED', 'REPORT_SETTLED', 'CONTENT_REMOVED', 'COMMENT_HELD', 'COMMENT_APPROVED', 'COMMENT_REJECTED', 'PRIVACY_REQUEST_CREATED', 'PRIVACY_REQUEST_DUE', 'SECURITY_INCIDENT_RECORDED'));