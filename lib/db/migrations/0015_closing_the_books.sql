CREATE TABLE "closed_day_entries" (
	"day" date NOT NULL,
	"transaction_id" uuid NOT NULL,
	"original_day" date NOT NULL,
	"adjustment" boolean DEFAULT false NOT NULL,
	"state" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"fee_cents" bigint NOT NULL,
	CONSTRAINT "closed_day_entries_day_transaction_id_adjustment_pk" PRIMARY KEY("day","transaction_id","adjustment")
);
--> statement-breakpoint
CREATE TABLE "closed_days" (
	"day" date PRIMARY KEY NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by_user_id" text,
	"closed_by_email" text,
	"totals" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_summary_sends" (
	"day" date PRIMARY KEY NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" text NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text,
	"recipients" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_summary_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"send_at" text DEFAULT '08:00' NOT NULL,
	"recipient_user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "closed_day_entries" ADD CONSTRAINT "closed_day_entries_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "closed_day_entries_original_day_idx" ON "closed_day_entries" USING btree ("original_day","transaction_id","day");