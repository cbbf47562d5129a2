CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "has_file" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Uploads move out of their rows into the file store's table (keys as in providers/storage/storage.ts).
INSERT INTO "stored_files" ("key", "content_type", "data") SELECT 'pictures/' || "id", "content_type", "data" FROM "pictures";--> statement-breakpoint
INSERT INTO "stored_files" ("key", "content_type", "data") SELECT 'pictures/' || "id" || '.print.jpg', 'image/jpeg', "print_jpeg" FROM "pictures" WHERE "print_jpeg" IS NOT NULL;--> statement-breakpoint
INSERT INTO "stored_files" ("key", "content_type", "data") SELECT 'book-files/' || "id" || '.pdf', 'application/pdf', "file" FROM "books" WHERE "file" IS NOT NULL;--> statement-breakpoint
UPDATE "books" SET "has_file" = true WHERE "file" IS NOT NULL;--> statement-breakpoint
INSERT INTO "stored_files" ("key", "content_type", "data") SELECT 'tenant-logos/' || "tenant_id", "content_type", decode("data", 'base64') FROM "tenant_logos";
