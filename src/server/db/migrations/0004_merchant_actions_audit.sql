CREATE TABLE "merchant_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"order_id" uuid,
	"session_ref" text NOT NULL,
	"action" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "merchant_action" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "merchant_action_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchant_audit" ADD CONSTRAINT "merchant_audit_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_audit" ADD CONSTRAINT "merchant_audit_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_audit_merchant_at" ON "merchant_audit" USING btree ("merchant_id","at");