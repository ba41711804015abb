-- Issue 26: payment_transactions becomes the payments ledger: each gateway call once, under its
-- idempotency key (unique), with how many times it was made; a card check (no order) is recorded too.
ALTER TABLE "payment_transactions" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "attempts" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_idempotency_key" ON "payment_transactions" USING btree ("idempotency_key");