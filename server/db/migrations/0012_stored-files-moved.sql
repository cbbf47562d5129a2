ALTER TABLE "books" DROP COLUMN "file";--> statement-breakpoint
ALTER TABLE "pictures" DROP COLUMN "data";--> statement-breakpoint
ALTER TABLE "pictures" DROP COLUMN "print_jpeg";--> statement-breakpoint
ALTER TABLE "tenant_logos" DROP COLUMN "data";