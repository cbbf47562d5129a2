CREATE TABLE "pictures" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer,
	"owner_id" integer,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "story_reactions" (
	"story_id" integer NOT NULL,
	"reader" text NOT NULL,
	"tenant_id" integer NOT NULL,
	"reaction" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "story_reactions_story_id_reader_pk" PRIMARY KEY("story_id","reader")
);
--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "review_stories" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "excerpt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "word_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "doc" "bytea";--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "step" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "category_id" integer;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "sdgs" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "charity_id" integer;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "source" text DEFAULT 'written' NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "submitted_text" text;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "review_comment" text;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pictures" ADD CONSTRAINT "pictures_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pictures" ADD CONSTRAINT "pictures_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_reactions" ADD CONSTRAINT "story_reactions_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_reactions" ADD CONSTRAINT "story_reactions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pictures_owner" ON "pictures" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "story_reactions_tenant" ON "story_reactions" USING btree ("tenant_id");--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_charity_id_charities_id_fk" FOREIGN KEY ("charity_id") REFERENCES "public"."charities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stories_tenant_slug" ON "stories" USING btree ("tenant_id","slug");--> statement-breakpoint
CREATE INDEX "stories_author" ON "stories" USING btree ("author_id","updated_at");--> statement-breakpoint
CREATE INDEX "stories_class_status" ON "stories" USING btree ("class_id","status");