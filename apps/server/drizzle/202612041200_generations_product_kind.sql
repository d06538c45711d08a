-- The product's kind as the seller corrected it beside the cut-out (issue 28, decision 1200);
-- null plans with the kind recognised in the photo and stored in the upload's cut-out meta.
alter table generations add column product_kind text;
