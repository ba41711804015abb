-- Automatic printing prints orders placed since it was switched on (issue 29): turning it on does not
-- print the day's open orders again. Null (rows before this column): no limit, as before.
ALTER TABLE "print_settings" ADD COLUMN "auto_print_since" timestamp with time zone;