CREATE TABLE "idempotency_answer_parts" (
	"key" text NOT NULL,
	"n" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "idempotency_answer_parts_key_n_pk" PRIMARY KEY("key","n")
);
--> statement-breakpoint
ALTER TABLE "idempotency_answer_parts" ADD CONSTRAINT "idempotency_answer_parts_key_idempotency_keys_key_fk" FOREIGN KEY ("key") REFERENCES "public"."idempotency_keys"("key") ON DELETE cascade ON UPDATE no action;