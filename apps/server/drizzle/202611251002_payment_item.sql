-- What a payment is for when it is not a plan: the made-to-order video's order id (issue 11).
alter table billing_payments add column item_ref text;
