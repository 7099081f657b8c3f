CREATE TABLE "approval_policy" (
	"id" text PRIMARY KEY DEFAULT 'merchant' NOT NULL,
	"approval_threshold_cents" bigint,
	"operator_daily_limit_cents" bigint,
	"merchant_daily_limit_cents" bigint,
	"request_lifetime_minutes" integer DEFAULT 1440 NOT NULL,
	"updated_by_user_id" text,
	"updated_by_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_policy_single_row" CHECK ("approval_policy"."id" = 'merchant')
);
--> statement-breakpoint
CREATE TABLE "cash_out_request_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"pix_key_type" text NOT NULL,
	"pix_key" text NOT NULL,
	"external_reference" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"transaction_id" uuid,
	CONSTRAINT "cash_out_request_items_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "cash_out_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'awaiting_approval' NOT NULL,
	"idempotency_key" text NOT NULL,
	"total_cents" bigint NOT NULL,
	"item_count" integer NOT NULL,
	"file_name" text,
	"requested_by_user_id" text NOT NULL,
	"requested_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_by_user_id" text,
	"decided_by_email" text,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	CONSTRAINT "cash_out_requests_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "cash_out_request_items" ADD CONSTRAINT "cash_out_request_items_request_id_cash_out_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."cash_out_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_out_request_items" ADD CONSTRAINT "cash_out_request_items_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_out_request_items_request_line_idx" ON "cash_out_request_items" USING btree ("request_id","line");--> statement-breakpoint
CREATE INDEX "cash_out_request_items_unclaimed_idx" ON "cash_out_request_items" USING btree ("request_id") WHERE "cash_out_request_items"."transaction_id" is null;--> statement-breakpoint
CREATE INDEX "cash_out_requests_state_created_at_idx" ON "cash_out_requests" USING btree ("state","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cash_out_requests_created_at_idx" ON "cash_out_requests" USING btree ("created_at" DESC NULLS LAST);