ALTER TABLE "sandbox_wallet"."callback_deliveries" ALTER COLUMN "payload" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "sandbox_wallet"."callback_logs" ALTER COLUMN "request" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "sandbox_wallet"."callback_logs" ALTER COLUMN "response" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "sandbox_wallet"."transactions" ALTER COLUMN "metadata" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "sandbox_wallet"."transactions" ALTER COLUMN "payer" SET DATA TYPE json;