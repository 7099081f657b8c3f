CREATE TABLE "payment_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"amount_cents" bigint,
	"min_amount_cents" bigint,
	"max_amount_cents" bigint,
	"max_paid_charges" integer,
	"ends_at" timestamp with time zone,
	"charge_expiry_minutes" integer NOT NULL,
	"return_url" text,
	"active" boolean DEFAULT true NOT NULL,
	"inactive_message" text,
	"visits" bigint DEFAULT 0 NOT NULL,
	"created_by_user_id" text,
	"created_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_links_slug_unique" UNIQUE("slug"),
	CONSTRAINT "payment_links_amount_chk" CHECK (("payment_links"."amount_cents" is not null and "payment_links"."amount_cents" > 0 and "payment_links"."min_amount_cents" is null and "payment_links"."max_amount_cents" is null)
        or ("payment_links"."amount_cents" is null and "payment_links"."min_amount_cents" > 0 and "payment_links"."max_amount_cents" >= "payment_links"."min_amount_cents"))
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "payment_link_id" uuid;--> statement-breakpoint
CREATE INDEX "payment_links_created_at_idx" ON "payment_links" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_payment_link_id_payment_links_id_fk" FOREIGN KEY ("payment_link_id") REFERENCES "public"."payment_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_payment_link_idx" ON "transactions" USING btree ("payment_link_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "transactions"."payment_link_id" is not null;