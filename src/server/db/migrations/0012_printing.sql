CREATE TABLE "print_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"printer_id" uuid NOT NULL,
	"order_id" uuid,
	"kind" text NOT NULL,
	"job_key" text NOT NULL,
	"copy" integer DEFAULT 0 NOT NULL,
	"ticket" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"printed_at" timestamp with time zone,
	CONSTRAINT "print_jobs_kind_known" CHECK ("print_jobs"."kind" in ('kitchen','receipt','cancel','test')),
	CONSTRAINT "print_jobs_status_known" CHECK ("print_jobs"."status" in ('queued','sent','printed','failed'))
);
--> statement-breakpoint
CREATE TABLE "print_settings" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"auto_print" boolean DEFAULT false NOT NULL,
	"scheduled_print" text DEFAULT 'placement' NOT NULL,
	"default_kitchen_printer_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "print_settings_scheduled_known" CHECK ("print_settings"."scheduled_print" in ('placement','due'))
);
--> statement-breakpoint
ALTER TABLE "printers" ADD COLUMN "paper_width" text DEFAULT '80mm' NOT NULL;--> statement-breakpoint
ALTER TABLE "printers" ADD COLUMN "last_status" text;--> statement-breakpoint
ALTER TABLE "printers" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_printer_id_printers_id_fk" FOREIGN KEY ("printer_id") REFERENCES "public"."printers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_settings" ADD CONSTRAINT "print_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_settings" ADD CONSTRAINT "print_settings_default_kitchen_printer_id_printers_id_fk" FOREIGN KEY ("default_kitchen_printer_id") REFERENCES "public"."printers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "print_jobs_key" ON "print_jobs" USING btree ("job_key");--> statement-breakpoint
CREATE INDEX "print_jobs_printer_due" ON "print_jobs" USING btree ("printer_id","status","not_before");--> statement-breakpoint
CREATE INDEX "print_jobs_order" ON "print_jobs" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "printers" ADD CONSTRAINT "printers_paper_width_known" CHECK ("printers"."paper_width" in ('58mm','80mm'));