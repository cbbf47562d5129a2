ALTER TABLE "books" ADD COLUMN "kind" text DEFAULT 'catalogue' NOT NULL;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "class_id" integer;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "charity_id" integer;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "doc" "bytea";--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "page_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_charity_id_charities_id_fk" FOREIGN KEY ("charity_id") REFERENCES "public"."charities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "books_tenant_status" ON "books" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "books_class" ON "books" USING btree ("class_id");