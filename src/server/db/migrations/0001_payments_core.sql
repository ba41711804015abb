ALTER TABLE "orders" ADD COLUMN "request_fingerprint" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_provider" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "transaction_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "failure_code" text;--> statement-breakpoint
ALTER TABLE "sandbox_ledger" ADD COLUMN "tip_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_ledger" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_ledger" ADD COLUMN "response_code" text;--> statement-breakpoint
ALTER TABLE "sandbox_ledger" ADD COLUMN "response_text" text;--> statement-breakpoint
ALTER TABLE "sandbox_ledger" ADD COLUMN "avs_result" text;--> statement-breakpoint
ALTER TABLE "sandbox_ledger" ADD COLUMN "cvv_result" text;--> statement-breakpoint
CREATE INDEX "orders_payment_status" ON "orders" USING btree ("payment_status","business_date");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_one_charge" ON "payment_transactions" USING btree ("order_id") WHERE "payment_transactions"."operation" in ('auth','sale');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_known" CHECK ("orders"."payment_status" in ('none','pending','authorized','captured','voided','declined'));