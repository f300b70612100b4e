ALTER TABLE "payouts" ADD COLUMN "gross_amount" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "tax_amount" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "premium_amount" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "commission_amount" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "seller_fees_amount" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "refunded_amount" bigint NOT NULL;