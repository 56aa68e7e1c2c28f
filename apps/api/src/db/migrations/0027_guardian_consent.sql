CREATE TABLE "guardian_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"guardian_email" text NOT NULL,
	"token_hash" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"notice_version" text,
	"requested_by" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by" uuid,
	CONSTRAINT "guardian_consents_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "guardian_consents_status_check" CHECK ("guardian_consents"."status" in ('PENDING', 'GRANTED', 'REFUSED', 'WITHDRAWN', 'REPLACED')),
	CONSTRAINT "guardian_consents_decision_check" CHECK (("guardian_consents"."status" in ('GRANTED', 'REFUSED', 'WITHDRAWN')) = ("guardian_consents"."decided_at" is not null and "guardian_consents"."notice_version" is not null)
        and ("guardian_consents"."status" = 'WITHDRAWN') = ("guardian_consents"."withdrawn_at" is not null)),
	CONSTRAINT "guardian_consents_email_check" CHECK (char_length("guardian_consents"."guardian_email") between 3 and 254)
);
--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "author_withheld" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "birth_year" smallint;--> statement-breakpoint
ALTER TABLE "guardian_consents" ADD CONSTRAINT "guardian_consents_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_consents" ADD CONSTRAINT "guardian_consents_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_consents" ADD CONSTRAINT "guardian_consents_withdrawn_by_users_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guardian_consents_open_idx" ON "guardian_consents" USING btree ("student_id") WHERE "guardian_consents"."status" in ('PENDING', 'GRANTED');--> statement-breakpoint
CREATE INDEX "guardian_consents_student_idx" ON "guardian_consents" USING btree ("student_id","requested_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "guardian_consents_requested_by_idx" ON "guardian_consents" USING btree ("requested_by");--> statement-breakpoint
CREATE INDEX "guardian_consents_withdrawn_by_idx" ON "guardian_consents" USING btree ("withdrawn_by");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_birth_year_check" CHECK ("users"."birth_year" is null or "users"."birth_year" between 1900 and 2100);