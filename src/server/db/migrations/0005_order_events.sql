CREATE TABLE "order_events" (
	"merchant_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_events_merchant_id_seq_pk" PRIMARY KEY("merchant_id","seq")
);
--> statement-breakpoint
ALTER TABLE "merchant_counters" ADD COLUMN "last_event_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order" ON "order_events" USING btree ("order_id","seq");