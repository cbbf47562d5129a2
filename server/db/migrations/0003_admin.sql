CREATE INDEX "orders_created" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_tenant_created" ON "orders" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_order" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_created" ON "payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_joined" ON "users" USING btree ("date_joined","id");--> statement-breakpoint
CREATE INDEX "users_role_joined" ON "users" USING btree ("role","date_joined","id");