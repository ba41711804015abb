CREATE TABLE "dinein_tables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dinein_tables_name_no_hash" CHECK (position('#' in "dinein_tables"."name") = 0)
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"logo_url" text,
	"password_hash" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"web_site" text DEFAULT '' NOT NULL,
	"address" jsonb NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"time_zone" text DEFAULT 'America/New_York' NOT NULL,
	"business_hours" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"delivery_available_time" jsonb,
	"food_preparing_time" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tax_rate" numeric(7, 6) DEFAULT '0.07' NOT NULL,
	"fixed_tip_rate" numeric(7, 6) DEFAULT '0' NOT NULL,
	"processing_fee_rate" numeric(7, 6) DEFAULT '0' NOT NULL,
	"service_fee_cents" integer DEFAULT 0 NOT NULL,
	"room_service_delivery_fee_cents" integer DEFAULT 0 NOT NULL,
	"delivery_fees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_order_for_delivery_cents" integer DEFAULT 0 NOT NULL,
	"ecomm_provider" text DEFAULT 'sandbox' NOT NULL,
	"payment_credentials" "bytea",
	"support_creditcard_payment" boolean DEFAULT true NOT NULL,
	"support_cash_payment" boolean DEFAULT true NOT NULL,
	"allow_american_express_card" boolean DEFAULT true NOT NULL,
	"delivery" boolean DEFAULT false NOT NULL,
	"curbside" boolean DEFAULT false NOT NULL,
	"room_service" boolean DEFAULT false NOT NULL,
	"dinein" boolean DEFAULT false NOT NULL,
	"enable_branch" boolean DEFAULT false NOT NULL,
	"branch_name" text DEFAULT '' NOT NULL,
	"branch_address" jsonb,
	"branch_lat" double precision,
	"branch_lng" double precision,
	"enable_order_promotion" boolean DEFAULT false NOT NULL,
	"order_promotions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"order_promotions_available_time" jsonb,
	"enable_food_time_schedule" boolean DEFAULT false NOT NULL,
	"enable_receiving_order_placed_sms" boolean DEFAULT false NOT NULL,
	"enable_order_time_confirm_sms" boolean DEFAULT false NOT NULL,
	"email_receiving_notification" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"home_page_notice" text DEFAULT '' NOT NULL,
	"order_preparing_notice" text DEFAULT '' NOT NULL,
	"dinein_notice" text DEFAULT '' NOT NULL,
	"show_raw_item_note" boolean DEFAULT true NOT NULL,
	"show_spicy_item_note" boolean DEFAULT true NOT NULL,
	"show_vegan_item_note" boolean DEFAULT true NOT NULL,
	"show_second_language" boolean DEFAULT false NOT NULL,
	"hide_item_special_instruction_input" boolean DEFAULT false NOT NULL,
	"customer_info_collect" jsonb,
	"seeded_version" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchants_tax_rate_range" CHECK ("merchants"."tax_rate" >= 0 and "merchants"."tax_rate" <= 1),
	CONSTRAINT "merchants_fixed_tip_rate_range" CHECK ("merchants"."fixed_tip_rate" >= 0 and "merchants"."fixed_tip_rate" <= 1),
	CONSTRAINT "merchants_processing_fee_rate_range" CHECK ("merchants"."processing_fee_rate" >= 0 and "merchants"."processing_fee_rate" <= 1),
	CONSTRAINT "merchants_fees_not_negative" CHECK ("merchants"."service_fee_cents" >= 0 and "merchants"."room_service_delivery_fee_cents" >= 0 and "merchants"."min_order_for_delivery_cents" >= 0),
	CONSTRAINT "merchants_ecomm_provider_known" CHECK ("merchants"."ecomm_provider" in ('sandbox','cardPointe','tsys','authorizeNet','elavon','tsys2'))
);
--> statement-breakpoint
CREATE TABLE "printers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"seed_key" text,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"print_format" text DEFAULT 'kitchen' NOT NULL,
	"connection" text DEFAULT 'none' NOT NULL,
	"network_host" text,
	"network_port" integer,
	"cloud_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "printers_format_known" CHECK ("printers"."print_format" in ('kitchen','receipt','label')),
	CONSTRAINT "printers_connection_known" CHECK ("printers"."connection" in ('none','network','cloud'))
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"code" text NOT NULL,
	"percentage_off" numeric(7, 6) NOT NULL,
	"valid_from" date,
	"valid_until" date,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code_upper" CHECK ("promo_codes"."code" = upper("promo_codes"."code")),
	CONSTRAINT "promo_codes_percentage_range" CHECK ("promo_codes"."percentage_off" > 0 and "promo_codes"."percentage_off" <= 1)
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"seed_key" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"name_2nd" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"available_hour" jsonb,
	"promo_method" jsonb,
	"unavailable_for_branch" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_printers" (
	"item_id" uuid NOT NULL,
	"printer_id" uuid NOT NULL,
	CONSTRAINT "item_printers_item_id_printer_id_pk" PRIMARY KEY("item_id","printer_id")
);
--> statement-breakpoint
CREATE TABLE "item_sizes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"name_2nd" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	CONSTRAINT "item_sizes_price_range" CHECK ("item_sizes"."price_cents" >= 0 and "item_sizes"."price_cents" <= 9999900)
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"name_2nd" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"raw_sign" boolean DEFAULT false NOT NULL,
	"spicy_sign" boolean DEFAULT false NOT NULL,
	"vegan_sign" boolean DEFAULT false NOT NULL,
	"image_id" uuid,
	"soldout" boolean DEFAULT false NOT NULL,
	"size_alias" text DEFAULT '' NOT NULL,
	"available_hour" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "items_price_range" CHECK ("items"."price_cents" >= 0 and "items"."price_cents" <= 9999900)
);
--> statement-breakpoint
CREATE TABLE "option_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"name_2nd" text DEFAULT '' NOT NULL,
	"number_to_select" integer DEFAULT 0 NOT NULL,
	"min_number_to_select" integer,
	"max_number_to_select" integer,
	"required" boolean DEFAULT false NOT NULL,
	CONSTRAINT "option_groups_bounds" CHECK ("option_groups"."number_to_select" >= 0 and coalesce("option_groups"."min_number_to_select", 0) >= 0 and ("option_groups"."max_number_to_select" is null or "option_groups"."max_number_to_select" >= coalesce("option_groups"."min_number_to_select", 0)))
);
--> statement-breakpoint
CREATE TABLE "option_values" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"option_group_id" uuid NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"name_2nd" text DEFAULT '' NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "option_values_price_range" CHECK ("option_values"."price_cents" >= 0 and "option_values"."price_cents" <= 9999900)
);
--> statement-breakpoint
CREATE TABLE "customer_info_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"order_id" uuid,
	"fname" text NOT NULL,
	"lname" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"login_portal" text,
	"oidc_subject" text,
	"order_name" text DEFAULT '' NOT NULL,
	"order_address" text DEFAULT '' NOT NULL,
	"order_phone" text DEFAULT '' NOT NULL,
	"order_zipcode" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"merchant_id" uuid,
	"order_id" uuid,
	"points" integer NOT NULL,
	"detail" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"anon_user_id" text NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	"send_count" integer DEFAULT 1 NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"merchant_id" uuid,
	"customer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sessions_kind_owner" CHECK (("sessions"."kind" = 'merchant' and "sessions"."merchant_id" is not null and "sessions"."customer_id" is null) or ("sessions"."kind" = 'customer' and "sessions"."customer_id" is not null and "sessions"."merchant_id" is null))
);
--> statement-breakpoint
CREATE TABLE "cart_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cart_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"size_id" uuid,
	"option_value_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quantity" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"is_free_promo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_lines_quantity_range" CHECK ("cart_lines"."quantity" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"anon_user_id" text NOT NULL,
	"customer_id" uuid,
	"checkout_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"promo_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_fingerprint" text NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key"),
	CONSTRAINT "idempotency_status_known" CHECK ("idempotency_keys"."status" in ('in_progress','done'))
);
--> statement-breakpoint
CREATE TABLE "merchant_counters" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"last_order_number" integer DEFAULT 0 NOT NULL,
	"business_date" date,
	"last_daily_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"sort_order" integer NOT NULL,
	"item_id" uuid,
	"category_id" uuid,
	"name" text NOT NULL,
	"name_2nd" text DEFAULT '' NOT NULL,
	"size_name" text DEFAULT '' NOT NULL,
	"size_name_2nd" text DEFAULT '' NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"line_total_cents" integer NOT NULL,
	"is_free_promo" boolean DEFAULT false NOT NULL,
	"printer_ids" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"state" text DEFAULT 'awaiting_payment' NOT NULL,
	"order_number" integer,
	"daily_order_number" integer,
	"business_date" date,
	"placed_at" timestamp with time zone,
	"anon_user_id" text NOT NULL,
	"customer_id" uuid,
	"idempotency_key" text NOT NULL,
	"order_method" text NOT NULL,
	"dinein_table_name" text,
	"payment_method" text NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"has_void" boolean DEFAULT false NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"tips_cents" integer NOT NULL,
	"fixed_tips_cents" integer DEFAULT 0 NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"processing_fee_cents" integer DEFAULT 0 NOT NULL,
	"service_fee_cents" integer DEFAULT 0 NOT NULL,
	"delivery_fee_cents" integer DEFAULT 0 NOT NULL,
	"room_service_delivery_fee_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"promo_code" text,
	"customer_name" text DEFAULT '' NOT NULL,
	"customer_email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"customer_addr_str" text DEFAULT '' NOT NULL,
	"delivery_lat" double precision,
	"delivery_lng" double precision,
	"delivery_distance_miles" double precision,
	"delivery_note" text DEFAULT '' NOT NULL,
	"car_make_model" text DEFAULT '' NOT NULL,
	"car_color" text DEFAULT '' NOT NULL,
	"room_service_room" text DEFAULT '' NOT NULL,
	"receive_order_info" boolean DEFAULT false NOT NULL,
	"scheduled_for" timestamp with time zone,
	"schedule_date" text DEFAULT '' NOT NULL,
	"schedule_time_str" text DEFAULT '' NOT NULL,
	"is_branch" boolean DEFAULT false NOT NULL,
	"has_printed_to_kitchen" boolean DEFAULT false NOT NULL,
	"has_been_read" boolean DEFAULT false NOT NULL,
	"has_sent_order_time_sms" boolean DEFAULT false NOT NULL,
	"will_be_ready_in_minutes" integer,
	"loyalty_points_earned" integer DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_state_known" CHECK ("orders"."state" in ('awaiting_payment','placed','failed','voided')),
	CONSTRAINT "orders_numbered_when_placed" CHECK (("orders"."state" in ('placed','voided')) = ("orders"."order_number" is not null and "orders"."daily_order_number" is not null)),
	CONSTRAINT "orders_method_known" CHECK ("orders"."order_method" in ('pickup','delivery','curbside','dinein','roomServiceDelivery')),
	CONSTRAINT "orders_payment_method_known" CHECK ("orders"."payment_method" in ('creditcard','cash')),
	CONSTRAINT "orders_amounts_not_negative" CHECK ("orders"."subtotal_cents" >= 0 and "orders"."tax_cents" >= 0 and "orders"."tips_cents" >= 0 and "orders"."fixed_tips_cents" >= 0 and "orders"."discount_cents" >= 0 and "orders"."processing_fee_cents" >= 0 and "orders"."service_fee_cents" >= 0 and "orders"."delivery_fee_cents" >= 0 and "orders"."room_service_delivery_fee_cents" >= 0 and "orders"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"operation" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"tip_cents" integer DEFAULT 0 NOT NULL,
	"retref" text,
	"auth_code" text,
	"card_last4" text,
	"card_brand" text,
	"card_expiry" text,
	"avs_result" text,
	"cvv_result" text,
	"response_code" text,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_transactions_operation_known" CHECK ("payment_transactions"."operation" in ('auth','sale','capture','void','tip_adjust','refund','inquire')),
	CONSTRAINT "payment_transactions_status_known" CHECK ("payment_transactions"."status" in ('pending','approved','declined','error','unknown')),
	CONSTRAINT "payment_transactions_last4" CHECK ("payment_transactions"."card_last4" is null or "payment_transactions"."card_last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "sandbox_ledger" (
	"retref" text PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"order_ref" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"captured_cents" integer,
	"auth_code" text,
	"card_last4" text,
	"card_brand" text,
	"card_expiry" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"merchant_id" uuid,
	"message_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"provider_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_kind_known" CHECK ("outbox"."kind" in ('sms','email','print')),
	CONSTRAINT "outbox_status_known" CHECK ("outbox"."status" in ('pending','sending','sent','failed','dead'))
);
--> statement-breakpoint
ALTER TABLE "dinein_tables" ADD CONSTRAINT "dinein_tables_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printers" ADD CONSTRAINT "printers_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_printers" ADD CONSTRAINT "item_printers_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_printers" ADD CONSTRAINT "item_printers_printer_id_printers_id_fk" FOREIGN KEY ("printer_id") REFERENCES "public"."printers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_sizes" ADD CONSTRAINT "item_sizes_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_groups" ADD CONSTRAINT "option_groups_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_values" ADD CONSTRAINT "option_values_option_group_id_option_groups_id_fk" FOREIGN KEY ("option_group_id") REFERENCES "public"."option_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_info_submissions" ADD CONSTRAINT "customer_info_submissions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_size_id_item_sizes_id_fk" FOREIGN KEY ("size_id") REFERENCES "public"."item_sizes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_counters" ADD CONSTRAINT "merchant_counters_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dinein_tables_name_key" ON "dinein_tables" USING btree ("merchant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "merchants_merchant_id_key" ON "merchants" USING btree ("merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "printers_seed_key" ON "printers" USING btree ("merchant_id","seed_key");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_key" ON "promo_codes" USING btree ("merchant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_seed_key" ON "categories" USING btree ("merchant_id","seed_key");--> statement-breakpoint
CREATE INDEX "categories_merchant_sort" ON "categories" USING btree ("merchant_id","sort_order");--> statement-breakpoint
CREATE INDEX "item_sizes_item" ON "item_sizes" USING btree ("item_id","sort_order");--> statement-breakpoint
CREATE INDEX "items_merchant_category_sort" ON "items" USING btree ("merchant_id","category_id","sort_order");--> statement-breakpoint
CREATE INDEX "option_groups_item" ON "option_groups" USING btree ("item_id","sort_order");--> statement-breakpoint
CREATE INDEX "option_values_group" ON "option_values" USING btree ("option_group_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_key" ON "customers" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "customers_oidc_key" ON "customers" USING btree ("login_portal","oidc_subject");--> statement-breakpoint
CREATE INDEX "loyalty_ledger_customer" ON "loyalty_ledger" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_ledger_order_once" ON "loyalty_ledger" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "phone_verifications_anon_phone" ON "phone_verifications" USING btree ("anon_user_id","phone");--> statement-breakpoint
CREATE INDEX "sessions_expires" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "cart_lines_cart" ON "cart_lines" USING btree ("cart_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_owner_key" ON "carts" USING btree ("merchant_id","anon_user_id");--> statement-breakpoint
CREATE INDEX "order_lines_order" ON "order_lines" USING btree ("order_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_key" ON "orders" USING btree ("merchant_id","order_number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_daily_number_key" ON "orders" USING btree ("merchant_id","business_date","daily_order_number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_key" ON "orders" USING btree ("merchant_id","anon_user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_merchant_placed" ON "orders" USING btree ("merchant_id","placed_at");--> statement-breakpoint
CREATE INDEX "orders_customer" ON "orders" USING btree ("customer_id","placed_at");--> statement-breakpoint
CREATE INDEX "orders_awaiting" ON "orders" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "payment_transactions_order" ON "payment_transactions" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_ledger_order" ON "sandbox_ledger" USING btree ("merchant_id","order_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_message_key" ON "outbox" USING btree ("message_key");--> statement-breakpoint
CREATE INDEX "outbox_due" ON "outbox" USING btree ("status","next_attempt_at");