CREATE TABLE "sandbox_wallet"."control_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"slow_answers_remaining" integer NOT NULL,
	"slow_answers_delay_ms" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
