-- Issue 28: the store's tip presets (null = the spec's), the settings' save counter for
-- optimistic concurrency, and when a promo code was last edited.
ALTER TABLE "merchants" ADD COLUMN "tip_presets" jsonb;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "settings_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;