CREATE TABLE "offline_verifiers" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"iterations" integer NOT NULL,
	"hash" text NOT NULL,
	"password_check" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tablet_classes" (
	"enrolment_id" text NOT NULL,
	"class_id" integer NOT NULL,
	CONSTRAINT "tablet_classes_enrolment_id_class_id_pk" PRIMARY KEY("enrolment_id","class_id")
);
--> statement-breakpoint
CREATE TABLE "tablet_enrolments" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"public_key" jsonb NOT NULL,
	"enrolled_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tablet_nonces" (
	"enrolment_id" text NOT NULL,
	"nonce" text NOT NULL,
	"used_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tablet_nonces_enrolment_id_nonce_pk" PRIMARY KEY("enrolment_id","nonce")
);
--> statement-breakpoint
ALTER TABLE "offline_verifiers" ADD CONSTRAINT "offline_verifiers_user_id_students_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."students"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tablet_classes" ADD CONSTRAINT "tablet_classes_enrolment_id_tablet_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."tablet_enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tablet_classes" ADD CONSTRAINT "tablet_classes_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tablet_enrolments" ADD CONSTRAINT "tablet_enrolments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tablet_enrolments" ADD CONSTRAINT "tablet_enrolments_enrolled_by_users_id_fk" FOREIGN KEY ("enrolled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tablet_nonces" ADD CONSTRAINT "tablet_nonces_enrolment_id_tablet_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."tablet_enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tablet_classes_class" ON "tablet_classes" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "tablet_enrolments_tenant" ON "tablet_enrolments" USING btree ("tenant_id");