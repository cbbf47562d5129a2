-- A book's rendered pages kept as their JSON text's bytes (see jsonText in schema.ts).
ALTER TABLE "books" ALTER COLUMN "rendered" SET DATA TYPE bytea USING convert_to("rendered"::text, 'UTF8');
--> statement-breakpoint
-- Documents' states and answers stored as they are (not compressed): compressing megabytes on
-- each save held PGlite's thread (the event loop) for 50 to 100 ms.
ALTER TABLE "books" ALTER COLUMN "doc" SET STORAGE EXTERNAL;
--> statement-breakpoint
ALTER TABLE "stories" ALTER COLUMN "doc" SET STORAGE EXTERNAL;
