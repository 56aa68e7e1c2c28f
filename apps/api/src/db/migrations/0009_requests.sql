CREATE TABLE "change_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"is_college_listed" boolean NOT NULL,
	"is_grade_listed" boolean NOT NULL,
	"college_id" uuid,
	"grade_id" uuid,
	"college_name" text,
	"grade_level" text,
	"grade_cicle" text,
	"grade_name" text,
	"requested_college_name" text NOT NULL,
	"requested_grade_name" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"admin_id" uuid,
	"admin_comments" text DEFAULT '' NOT NULL,
	"former_name" text,
	"former_college_name" text,
	"former_grade_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	"user_id" uuid NOT NULL,
	"student_explanation" text NOT NULL,
	CONSTRAINT "change_requests_status_check" CHECK ("change_requests"."status" in ('PENDING', 'APPROVED', 'DENIED')),
	CONSTRAINT "change_requests_handled_check" CHECK (("change_requests"."status" = 'PENDING') = ("change_requests"."handled_at" is null)),
	CONSTRAINT "change_requests_comments_check" CHECK (char_length("change_requests"."admin_comments") <= 100)
);
--> statement-breakpoint
CREATE TABLE "register_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"is_college_listed" boolean NOT NULL,
	"is_grade_listed" boolean NOT NULL,
	"college_id" uuid,
	"grade_id" uuid,
	"college_name" text,
	"grade_level" text,
	"grade_cicle" text,
	"grade_name" text,
	"requested_college_name" text NOT NULL,
	"requested_grade_name" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"admin_id" uuid,
	"admin_comments" text DEFAULT '' NOT NULL,
	"former_name" text,
	"former_college_name" text,
	"former_grade_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"role_id" uuid NOT NULL,
	"user_comment" text NOT NULL,
	CONSTRAINT "register_requests_status_check" CHECK ("register_requests"."status" in ('PENDING', 'APPROVED', 'DENIED')),
	CONSTRAINT "register_requests_handled_check" CHECK (("register_requests"."status" = 'PENDING') = ("register_requests"."handled_at" is null)),
	CONSTRAINT "register_requests_comments_check" CHECK (char_length("register_requests"."admin_comments") <= 100)
);
--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_requests" ADD CONSTRAINT "register_requests_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_requests" ADD CONSTRAINT "register_requests_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_requests" ADD CONSTRAINT "register_requests_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_requests" ADD CONSTRAINT "register_requests_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "change_requests_pending_user_idx" ON "change_requests" USING btree ("user_id") WHERE "change_requests"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "change_requests_user_created_idx" ON "change_requests" USING btree ("user_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "change_requests_pending_idx" ON "change_requests" USING btree ("created_at","id") WHERE "change_requests"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "change_requests_history_idx" ON "change_requests" USING btree ("handled_at" DESC NULLS FIRST,"id") WHERE "change_requests"."status" <> 'PENDING';--> statement-breakpoint
CREATE INDEX "change_requests_admin_idx" ON "change_requests" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "change_requests_college_idx" ON "change_requests" USING btree ("college_id");--> statement-breakpoint
CREATE INDEX "change_requests_grade_idx" ON "change_requests" USING btree ("grade_id");--> statement-breakpoint
CREATE UNIQUE INDEX "register_requests_pending_email_idx" ON "register_requests" USING btree ("email") WHERE "register_requests"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "register_requests_pending_idx" ON "register_requests" USING btree ("created_at","id") WHERE "register_requests"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "register_requests_history_idx" ON "register_requests" USING btree ("handled_at" DESC NULLS FIRST,"id") WHERE "register_requests"."status" <> 'PENDING';--> statement-breakpoint
CREATE INDEX "register_requests_admin_idx" ON "register_requests" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "register_requests_college_idx" ON "register_requests" USING btree ("college_id");--> statement-breakpoint
CREATE INDEX "register_requests_grade_idx" ON "register_requests" USING btree ("grade_id");