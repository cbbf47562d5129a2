-- An idempotent change's answer kept as the bytes that were sent (see jsonBytes in schema.ts).
ALTER TABLE "idempotency_keys" ALTER COLUMN "response_body" SET DATA TYPE bytea USING convert_to("response_body"::text, 'UTF8');
