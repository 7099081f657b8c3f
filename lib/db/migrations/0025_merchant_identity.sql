CREATE TABLE "merchant_identity" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" text NOT NULL,
	"cnpj" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"logo_png_base64" text,
	"logo_width" integer,
	"logo_height" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_email" text NOT NULL
);
