ALTER TABLE "cart_lines" DROP CONSTRAINT "cart_lines_size_id_item_sizes_id_fk";
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "deleted_at" timestamp with time zone;
