CREATE TABLE "stores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"holder_document" text,
	"payer_facing_name" text NOT NULL,
	"time_zone" text DEFAULT 'America/Sao_Paulo' NOT NULL,
	"wallet_base_url" text,
	"wallet_token_ciphertext" text,
	"wallet_token_key_id" text,
	"wallet_token_last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stores_connection_complete" CHECK (("stores"."wallet_base_url" is null and "stores"."wallet_token_ciphertext" is null and "stores"."wallet_token_key_id" is null and "stores"."wallet_token_last4" is null) or ("stores"."wallet_base_url" is not null and "stores"."wallet_token_ciphertext" is not null and "stores"."wallet_token_key_id" is not null and "stores"."wallet_token_last4" is not null))
);
--> statement-breakpoint
-- The first store (lib/db/schema/stores.ts, FIRST_STORE_ID): the wallet configured in the settings
-- (no connection of its own), named after the merchant identity when one is set, else neutrally.
INSERT INTO "stores" ("id", "name", "holder_document", "payer_facing_name")
SELECT '00000000-0000-4000-8000-000000000001', coalesce(mi."legal_name", 'Main store'), mi."cnpj", coalesce(mi."legal_name", 'Main store')
FROM (SELECT 1) AS one LEFT JOIN "merchant_identity" AS mi ON mi."id" = 1;
