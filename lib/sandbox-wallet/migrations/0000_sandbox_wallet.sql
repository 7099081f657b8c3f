CREATE SCHEMA "sandbox_wallet";
--> statement-breakpoint
CREATE TABLE "sandbox_wallet"."callback_deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"url" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text NOT NULL,
	"attempts_made" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"claimed_by" text,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_wallet"."callback_logs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"delivery_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"url" text NOT NULL,
	"status" text NOT NULL,
	"response_status" integer NOT NULL,
	"request" jsonb NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_wallet"."transactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"operation" text NOT NULL,
	"status" text NOT NULL,
	"value" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"callback_url" text NOT NULL,
	"description" text NOT NULL,
	"invoice_description" text,
	"metadata" jsonb NOT NULL,
	"external_reference" text,
	"payer" jsonb,
	"code_copy_paste" text,
	"qrcode_image" text,
	"pix_destiny_type" text,
	"pix_destiny_key" text,
	"expires_at" timestamp with time zone,
	"settles_at" timestamp with time zone,
	"planned_outcome" text,
	"failure_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"status_changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_wallet"."callback_deliveries" ADD CONSTRAINT "callback_deliveries_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "sandbox_wallet"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_wallet"."callback_logs" ADD CONSTRAINT "callback_logs_delivery_id_callback_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "sandbox_wallet"."callback_deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_wallet"."callback_logs" ADD CONSTRAINT "callback_logs_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "sandbox_wallet"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "callback_deliveries_due_idx" ON "sandbox_wallet"."callback_deliveries" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "callback_deliveries_transaction_idx" ON "sandbox_wallet"."callback_deliveries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "callback_logs_delivery_idx" ON "sandbox_wallet"."callback_logs" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "callback_logs_transaction_idx" ON "sandbox_wallet"."callback_logs" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "transactions_pending_expiry_idx" ON "sandbox_wallet"."transactions" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "transactions_pending_settlement_idx" ON "sandbox_wallet"."transactions" USING btree ("status","settles_at");