CREATE INDEX "classes_code_upper" ON "classes" USING btree (upper("class_id"));--> statement-breakpoint
CREATE INDEX "users_email_lower" ON "users" USING btree (lower("email"));