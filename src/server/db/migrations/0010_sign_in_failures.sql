CREATE TABLE "sign_in_failures" (
	"account_key" text NOT NULL,
	"address" text NOT NULL,
	"failures" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"next_try_at" timestamp with time zone NOT NULL,
	"last_try_refused" boolean DEFAULT false NOT NULL,
	CONSTRAINT "sign_in_failures_account_key_address_pk" PRIMARY KEY("account_key","address"),
	CONSTRAINT "sign_in_failures_positive" CHECK ("sign_in_failures"."failures" >= 0)
);
--> statement-breakpoint
CREATE INDEX "sign_in_failures_next_try" ON "sign_in_failures" USING btree ("next_try_at");