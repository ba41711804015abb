-- The board's Now view (issue 27): one merchant's open orders whatever day, found through the merchant
-- (bench/scale found the planner reading every merchant's open orders through orders_awaiting).
CREATE INDEX "orders_merchant_open" ON "orders" USING btree ("merchant_id","order_number") WHERE "orders"."state" in ('placed', 'accepted', 'ready');