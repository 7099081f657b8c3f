CREATE TABLE "anonymised_transactions" (
	"transaction_id" uuid PRIMARY KEY NOT NULL,
	"anonymised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cause" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "anonymised_transactions" ADD CONSTRAINT "anonymised_transactions_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "anonymised_transactions_anonymised_at_idx" ON "anonymised_transactions" USING btree ("anonymised_at");