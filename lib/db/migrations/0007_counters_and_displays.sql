CREATE TABLE "counter_operator_preferences" (
	"user_id" text NOT NULL,
	"counter_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counter_operator_preferences_user_id_pk" PRIMARY KEY("user_id")
);
--> statement-breakpoint
CREATE TABLE "counters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"default_payer_name" text NOT NULL,
	"default_payer_email" text NOT NULL,
	"default_payer_document" text NOT NULL,
	"current_transaction_id" uuid,
	"current_shown_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counters_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "display_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"counter_id" uuid NOT NULL,
	"session_token_hash" text NOT NULL,
	"user_agent" text,
	"paired_by_user_id" text,
	"paired_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "display_devices_session_token_hash_unique" UNIQUE("session_token_hash")
);
--> statement-breakpoint
CREATE TABLE "display_pairing_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"counter_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "display_pairing_codes_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
ALTER TABLE "counter_operator_preferences" ADD CONSTRAINT "counter_operator_preferences_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_operator_preferences" ADD CONSTRAINT "counter_operator_preferences_counter_id_counters_id_fk" FOREIGN KEY ("counter_id") REFERENCES "public"."counters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counters" ADD CONSTRAINT "counters_current_transaction_id_transactions_id_fk" FOREIGN KEY ("current_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "display_devices" ADD CONSTRAINT "display_devices_counter_id_counters_id_fk" FOREIGN KEY ("counter_id") REFERENCES "public"."counters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "display_pairing_codes" ADD CONSTRAINT "display_pairing_codes_counter_id_counters_id_fk" FOREIGN KEY ("counter_id") REFERENCES "public"."counters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "display_devices_active_counter_idx" ON "display_devices" USING btree ("counter_id") WHERE "display_devices"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "display_pairing_codes_counter_idx" ON "display_pairing_codes" USING btree ("counter_id");