ALTER TABLE "tenants" ADD COLUMN "domain_host" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_domain_host_unique" UNIQUE("domain_host");