CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"creation_state" text DEFAULT 'creating' NOT NULL,
	"wallet_transaction_id" text,
	"status" text,
	"amount_cents" bigint NOT NULL,
	"tax" numeric(20, 6),
	"payer_name" text,
	"payer_email" text,
	"payer_document" text,
	"payer_phone" text,
	"pix_key_type" text,
	"pix_key" text,
	"invoice_description" text,
	"wallet_description" text,
	"external_reference" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"custom_callback_url" text,
	"expire_in_minutes" integer,
	"expires_at" timestamp with time zone,
	"code_copy_paste" text,
	"qrcode_image" text,
	"payer_display_token" text,
	"idempotency_key" text NOT NULL,
	"wallet_response" jsonb,
	"failure_message" text,
	"created_by_user_id" text,
	"created_by_email" text,
	"wallet_created_at" timestamp with time zone,
	"status_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_sandbox" boolean DEFAULT false NOT NULL,
	CONSTRAINT "transactions_wallet_transaction_id_unique" UNIQUE("wallet_transaction_id"),
	CONSTRAINT "transactions_payer_display_token_unique" UNIQUE("payer_display_token"),
	CONSTRAINT "transactions_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "callback_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"wallet_transaction_id" text NOT NULL,
	"transaction_id" uuid,
	"callback_log_id" text,
	"status" text NOT NULL,
	"operation" text,
	"outcome" text NOT NULL,
	"body" jsonb NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "callback_quarantine" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text NOT NULL,
	"content_type" text,
	"raw_body" text NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "callback_deliveries" ADD CONSTRAINT "callback_deliveries_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_created_at_id_idx" ON "transactions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_status_created_at_idx" ON "transactions" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_kind_created_at_idx" ON "transactions" USING btree ("kind","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_external_reference_idx" ON "transactions" USING btree ("external_reference");--> statement-breakpoint
CREATE INDEX "transactions_payer_email_idx" ON "transactions" USING btree (lower("payer_email"));--> statement-breakpoint
CREATE INDEX "transactions_payer_document_idx" ON "transactions" USING btree ("payer_document");--> statement-breakpoint
CREATE INDEX "transactions_pix_key_idx" ON "transactions" USING btree ("pix_key");--> statement-breakpoint
CREATE INDEX "callback_deliveries_transaction_idx" ON "callback_deliveries" USING btree ("transaction_id","received_at");--> statement-breakpoint
CREATE INDEX "callback_deliveries_received_at_idx" ON "callback_deliveries" USING btree ("received_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "callback_deliveries_wallet_transaction_idx" ON "callback_deliveries" USING btree ("wallet_transaction_id");--> statement-breakpoint
CREATE INDEX "callback_quarantine_received_at_idx" ON "callback_quarantine" USING btree ("received_at" DESC NULLS LAST);