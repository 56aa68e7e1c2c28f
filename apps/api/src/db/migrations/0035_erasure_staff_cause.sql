ALTER TABLE "erasures" DROP CONSTRAINT "erasures_cause_check";--> statement-breakpoint
ALTER TABLE "erasures" DROP CONSTRAINT "erasures_performer_check";--> statement-breakpoint
ALTER TABLE "erasures" ADD CONSTRAINT "erasures_cause_check" CHECK ("erasures"."cause" in ('ADMIN', 'STAFF', 'RETENTION'));--> statement-breakpoint
ALTER TABLE "erasures" ADD CONSTRAINT "erasures_performer_check" CHECK ("erasures"."cause" <> 'RETENTION' or "erasures"."performed_by" is null);