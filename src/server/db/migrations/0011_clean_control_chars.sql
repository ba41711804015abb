-- Issue 24: text stored before the door refused them loses the C0 controls, DEL and the bidi
-- controls (U+202A-U+202E, U+2066-U+2069); in one-line fields each tab, CR, LF or CRLF becomes a
-- space, multi-line fields (notices, descriptions, notes) keep tab and LF, a CRLF becoming LF.
-- The same rule as stripControlCharacters (src/domain/validation/text-characters.ts). Only rows
-- holding such a character are written. The helper functions are dropped at the end.
CREATE FUNCTION forkful_0011_clean(t text, multi boolean) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT regexp_replace(
    regexp_replace(
      CASE WHEN multi THEN replace(t, E'\r\n', E'\n')
           ELSE regexp_replace(t, '\r\n|[\t\n\r]', ' ', 'g') END,
      '[\u202A-\u202E\u2066-\u2069]', '', 'g'),
    '[\x01-\x08\x0B-\x1F\x7F]', '', 'g')
$$;
--> statement-breakpoint
-- Strings anywhere in a jsonb value; those under a key named in multi_keys are multi-line.
CREATE FUNCTION forkful_0011_clean_jsonb(j jsonb, multi_keys text[]) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF jsonb_typeof(j) = 'string' THEN
    RETURN to_jsonb(forkful_0011_clean(j #>> '{}', false));
  ELSIF jsonb_typeof(j) = 'array' THEN
    RETURN (SELECT coalesce(jsonb_agg(forkful_0011_clean_jsonb(e, multi_keys) ORDER BY n), '[]'::jsonb)
            FROM jsonb_array_elements(j) WITH ORDINALITY AS a(e, n));
  ELSIF jsonb_typeof(j) = 'object' THEN
    RETURN (SELECT coalesce(jsonb_object_agg(k,
              CASE WHEN k = ANY (multi_keys) AND jsonb_typeof(v) = 'string'
                   THEN to_jsonb(forkful_0011_clean(v #>> '{}', true))
                   ELSE forkful_0011_clean_jsonb(v, multi_keys) END), '{}'::jsonb)
            FROM jsonb_each(j) AS o(k, v));
  END IF;
  RETURN j;
END
$$;
--> statement-breakpoint
UPDATE "merchants" SET
  "name" = forkful_0011_clean("name", false),
  "phone" = forkful_0011_clean("phone", false),
  "email" = forkful_0011_clean("email", false),
  "web_site" = forkful_0011_clean("web_site", false),
  "branch_name" = forkful_0011_clean("branch_name", false),
  "description" = forkful_0011_clean("description", true),
  "home_page_notice" = forkful_0011_clean("home_page_notice", true),
  "order_preparing_notice" = forkful_0011_clean("order_preparing_notice", true),
  "dinein_notice" = forkful_0011_clean("dinein_notice", true),
  "address" = forkful_0011_clean_jsonb("address", ARRAY[]::text[]),
  "branch_address" = forkful_0011_clean_jsonb("branch_address", ARRAY[]::text[]),
  "order_promotions" = forkful_0011_clean_jsonb("order_promotions", ARRAY[]::text[]),
  "email_receiving_notification" = forkful_0011_clean_jsonb("email_receiving_notification", ARRAY[]::text[]),
  "customer_info_collect" = forkful_0011_clean_jsonb("customer_info_collect", ARRAY['noticeMsg']::text[])
WHERE "name" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "phone" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "email" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "web_site" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "branch_name" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "description" ~ '[\x01-\x08\x0B-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "home_page_notice" ~ '[\x01-\x08\x0B-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "order_preparing_notice" ~ '[\x01-\x08\x0B-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "dinein_notice" ~ '[\x01-\x08\x0B-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "address"::text ~ '\\u00[01]|\\[btnrf]|[\x7F\u202A-\u202E\u2066-\u2069]'
   OR "branch_address"::text ~ '\\u00[01]|\\[btnrf]|[\x7F\u202A-\u202E\u2066-\u2069]'
   OR "order_promotions"::text ~ '\\u00[01]|\\[btnrf]|[\x7F\u202A-\u202E\u2066-\u2069]'
   OR "email_receiving_notification"::text ~ '\\u00[01]|\\[btnrf]|[\x7F\u202A-\u202E\u2066-\u2069]'
   OR "customer_info_collect"::text ~ '\\u00[01]|\\[btnrf]|[\x7F\u202A-\u202E\u2066-\u2069]';
--> statement-breakpoint
UPDATE "printers" SET
  "name" = forkful_0011_clean("name", false),
  "description" = forkful_0011_clean("description", true)
WHERE "name" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "description" ~ '[\x01-\x08\x0B-\x1F\x7F\u202A-\u202E\u2066-\u2069]';
--> statement-breakpoint
UPDATE "categories" SET
  "name" = forkful_0011_clean("name", false),
  "name_2nd" = forkful_0011_clean("name_2nd", false),
  "description" = forkful_0011_clean("description", true),
  "promo_method" = forkful_0011_clean_jsonb("promo_method", ARRAY[]::text[])
WHERE "name" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "name_2nd" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "description" ~ '[\x01-\x08\x0B-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "promo_method"::text ~ '\\u00[01]|\\[btnrf]|[\x7F\u202A-\u202E\u2066-\u2069]';
--> statement-breakpoint
UPDATE "items" SET
  "name" = forkful_0011_clean("name", false),
  "name_2nd" = forkful_0011_clean("name_2nd", false),
  "size_alias" = forkful_0011_clean("size_alias", false),
  "description" = forkful_0011_clean("description", true)
WHERE "name" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "name_2nd" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "size_alias" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "description" ~ '[\x01-\x08\x0B-\x1F\x7F\u202A-\u202E\u2066-\u2069]';
--> statement-breakpoint
UPDATE "item_sizes" SET
  "name" = forkful_0011_clean("name", false),
  "name_2nd" = forkful_0011_clean("name_2nd", false)
WHERE "name" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "name_2nd" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]';
--> statement-breakpoint
UPDATE "option_groups" SET
  "name" = forkful_0011_clean("name", false),
  "name_2nd" = forkful_0011_clean("name_2nd", false)
WHERE "name" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "name_2nd" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]';
--> statement-breakpoint
UPDATE "option_values" SET
  "name" = forkful_0011_clean("name", false),
  "name_2nd" = forkful_0011_clean("name_2nd", false)
WHERE "name" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "name_2nd" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]';
--> statement-breakpoint
UPDATE "customer_info_submissions" SET
  "fname" = forkful_0011_clean("fname", false),
  "lname" = forkful_0011_clean("lname", false),
  "email" = forkful_0011_clean("email", false),
  "phone" = forkful_0011_clean("phone", false),
  "address" = forkful_0011_clean("address", false)
WHERE "fname" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "lname" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "email" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "phone" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "address" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]';
--> statement-breakpoint
UPDATE "customers" SET
  "name" = forkful_0011_clean("name", false),
  "order_name" = forkful_0011_clean("order_name", false),
  "order_address" = forkful_0011_clean("order_address", false),
  "order_phone" = forkful_0011_clean("order_phone", false),
  "order_zipcode" = forkful_0011_clean("order_zipcode", false)
WHERE "name" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "order_name" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "order_address" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "order_phone" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "order_zipcode" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]';
--> statement-breakpoint
UPDATE "carts" SET
  "promo_code" = forkful_0011_clean("promo_code", false),
  "checkout_info" = forkful_0011_clean_jsonb("checkout_info", ARRAY['deliveryNote']::text[])
WHERE "promo_code" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "checkout_info"::text ~ '\\u00[01]|\\[btnrf]|[\x7F\u202A-\u202E\u2066-\u2069]';
--> statement-breakpoint
UPDATE "order_lines" SET
  "name" = forkful_0011_clean("name", false),
  "name_2nd" = forkful_0011_clean("name_2nd", false),
  "size_name" = forkful_0011_clean("size_name", false),
  "size_name_2nd" = forkful_0011_clean("size_name_2nd", false),
  "note" = forkful_0011_clean("note", true),
  "options" = forkful_0011_clean_jsonb("options", ARRAY[]::text[])
WHERE "name" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "name_2nd" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "size_name" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "size_name_2nd" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "note" ~ '[\x01-\x08\x0B-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "options"::text ~ '\\u00[01]|\\[btnrf]|[\x7F\u202A-\u202E\u2066-\u2069]';
--> statement-breakpoint
UPDATE "orders" SET
  "dinein_table_name" = forkful_0011_clean("dinein_table_name", false),
  "promo_code" = forkful_0011_clean("promo_code", false),
  "customer_name" = forkful_0011_clean("customer_name", false),
  "customer_email" = forkful_0011_clean("customer_email", false),
  "phone" = forkful_0011_clean("phone", false),
  "customer_addr_str" = forkful_0011_clean("customer_addr_str", false),
  "car_make_model" = forkful_0011_clean("car_make_model", false),
  "car_color" = forkful_0011_clean("car_color", false),
  "room_service_room" = forkful_0011_clean("room_service_room", false),
  "schedule_date" = forkful_0011_clean("schedule_date", false),
  "schedule_time_str" = forkful_0011_clean("schedule_time_str", false),
  "delivery_note" = forkful_0011_clean("delivery_note", true)
WHERE "dinein_table_name" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "promo_code" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "customer_name" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "customer_email" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "phone" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "customer_addr_str" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "car_make_model" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "car_color" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "room_service_room" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "schedule_date" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "schedule_time_str" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
   OR "delivery_note" ~ '[\x01-\x08\x0B-\x1F\x7F\u202A-\u202E\u2066-\u2069]';
--> statement-breakpoint
UPDATE "cart_lines" SET
  "note" = forkful_0011_clean("note", true)
WHERE "note" ~ '[\x01-\x08\x0B-\x1F\x7F\u202A-\u202E\u2066-\u2069]';
--> statement-breakpoint
UPDATE "dinein_tables" AS d SET "name" = c.cleaned
FROM (
  SELECT DISTINCT ON (merchant_id, forkful_0011_clean("name", false)) id, forkful_0011_clean("name", false) AS cleaned
  FROM "dinein_tables" WHERE "name" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
  ORDER BY merchant_id, forkful_0011_clean("name", false), id
) AS c
WHERE d.id = c.id AND c.cleaned <> ''
  AND NOT EXISTS (SELECT 1 FROM "dinein_tables" AS o WHERE o.merchant_id = d.merchant_id AND o.name = c.cleaned);
--> statement-breakpoint
UPDATE "promo_codes" AS d SET "code" = c.cleaned
FROM (
  SELECT DISTINCT ON (merchant_id, forkful_0011_clean("code", false)) id, forkful_0011_clean("code", false) AS cleaned
  FROM "promo_codes" WHERE "code" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
  ORDER BY merchant_id, forkful_0011_clean("code", false), id
) AS c
WHERE d.id = c.id AND c.cleaned <> ''
  AND NOT EXISTS (SELECT 1 FROM "promo_codes" AS o WHERE o.merchant_id = d.merchant_id AND o.code = c.cleaned);
--> statement-breakpoint
UPDATE "customers" AS d SET "email" = c.cleaned
FROM (
  SELECT DISTINCT ON (lower(forkful_0011_clean("email", false))) id, forkful_0011_clean("email", false) AS cleaned
  FROM "customers" WHERE "email" ~ '[\x01-\x1F\x7F\u202A-\u202E\u2066-\u2069]'
  ORDER BY lower(forkful_0011_clean("email", false)), id
) AS c
WHERE d.id = c.id AND c.cleaned <> ''
  AND NOT EXISTS (SELECT 1 FROM "customers" AS o WHERE lower(o.email) = lower(c.cleaned));
--> statement-breakpoint
-- Messages not yet delivered go out clean; a delivered one stays the record of what was sent.
UPDATE "outbox" SET "payload" = forkful_0011_clean_jsonb("payload", ARRAY['text']::text[])
WHERE "status" IN ('pending', 'sending', 'failed')
  AND "payload"::text ~ '\\u00[01]|\\[btnrf]|[\x7F\u202A-\u202E\u2066-\u2069]';
--> statement-breakpoint
DROP FUNCTION forkful_0011_clean_jsonb(jsonb, text[]);
--> statement-breakpoint
DROP FUNCTION forkful_0011_clean(text, boolean);
