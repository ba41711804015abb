ALTER TABLE "carts" ADD COLUMN "placing_order_id" uuid;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "placing_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cart_line_ids" uuid[];