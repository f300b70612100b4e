-- Issue 15 (orders, decision 0043): an e-mail may carry files (the invoice PDF of "invoice ready").
-- Each element is {filename, contentType, contentBase64}; delivery attaches them and then empties the list.
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;
