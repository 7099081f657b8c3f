DROP INDEX "api_keys_created_at_idx";--> statement-breakpoint
CREATE INDEX "user_created_at_id_idx" ON "user" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "user_name_id_idx" ON "user" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "user_email_id_idx" ON "user" USING btree (lower("email"),"id");--> statement-breakpoint
CREATE INDEX "user_role_id_idx" ON "user" USING btree ("role","id");--> statement-breakpoint
CREATE INDEX "api_keys_created_at_id_idx" ON "api_keys" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "api_keys_name_id_idx" ON "api_keys" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "api_keys_last_used_id_idx" ON "api_keys" USING btree (coalesce("last_used_at", 'epoch'::timestamptz),"id");