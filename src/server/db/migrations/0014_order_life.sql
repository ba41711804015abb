ALTER TABLE "orders" DROP CONSTRAINT "orders_state_known";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_numbered_when_placed";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_state_known" CHECK ("orders"."state" in ('awaiting_payment','placed','accepted','ready','completed','failed','cancelled','voided'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_numbered_when_placed" CHECK (("orders"."state" in ('placed','accepted','ready','completed','cancelled','voided')) = ("orders"."order_number" is not null and "orders"."daily_order_number" is not null));--> statement-breakpoint
-- Existing rows move to the order's life (docs/decisions/order-life.md): a placed order whose
-- merchant set the ready minutes was taken by them, which the life now calls accepted. Every
-- other state keeps its name (awaiting_payment, placed, failed, voided).
UPDATE "orders" SET "state" = 'accepted' WHERE "state" = 'placed' AND "will_be_ready_in_minutes" IS NOT NULL;
