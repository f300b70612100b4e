CREATE TYPE "public"."category_status" AS ENUM('active', 'inactive');--> statement-breakpoint
CREATE TYPE "public"."category_type" AS ENUM('regular', 'market-intelligence');--> statement-breakpoint
CREATE TYPE "public"."cms_section_type" AS ENUM('featured-sellers', 'popular', 'sold', 'catalog', 'trending');--> statement-breakpoint
CREATE TYPE "public"."country" AS ENUM('US', 'CA');--> statement-breakpoint
CREATE TYPE "public"."event_status" AS ENUM('draft', 'view-only', 'published', 'finalized');--> statement-breakpoint
CREATE TYPE "public"."legacy_lot_status" AS ENUM('Active', 'Paused', 'Sold', 'Unsold');--> statement-breakpoint
CREATE TYPE "public"."lot_status" AS ENUM('Pending', 'Active', 'Ended', 'Sold', 'Unsold', 'OrderPending', 'OrderPaid', 'OrderCancelled');--> statement-breakpoint
CREATE TYPE "public"."lot_type" AS ENUM('AuctionLot', 'BuyItNowItem', 'TenderLot');--> statement-breakpoint
CREATE TYPE "public"."market_demand" AS ENUM('high', 'moderate', 'low');--> statement-breakpoint
CREATE TYPE "public"."packaging_type" AS ENUM('boxes', 'bundles', 'cases', 'crates', 'drums', 'loose', 'pallets', 'pieces');--> statement-breakpoint
CREATE TYPE "public"."party" AS ENUM('seller', 'buyer', '3pl', 'not-required');--> statement-breakpoint
CREATE TYPE "public"."sale_format" AS ENUM('auction', 'buy-now', 'tender');--> statement-breakpoint
CREATE TYPE "public"."shipping_option" AS ENUM('fee', 'pickup', 'buyer_arranged_shipping', 'contact_for_options');--> statement-breakpoint
CREATE TABLE "brands" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"unique_name" text NOT NULL,
	CONSTRAINT "brands_unique_name_unique" UNIQUE("unique_name")
);
--> statement-breakpoint
CREATE TABLE "catalog_products" (
	"id" text PRIMARY KEY NOT NULL,
	"unique_name" text NOT NULL,
	"name" text NOT NULL,
	"brand_id" text,
	"model_number" text,
	"year_from" integer,
	"year_to" integer,
	"product_category_id" text,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"parent_id" text,
	"path_id" text NOT NULL,
	"depth" integer DEFAULT 0 NOT NULL,
	"img_filename" text,
	"status" "category_status" DEFAULT 'active' NOT NULL,
	"type" "category_type" DEFAULT 'regular' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "disposition_locations" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text,
	"city" text NOT NULL,
	"region" text NOT NULL,
	"country" "country" NOT NULL,
	"tax_rate" numeric(6, 3) DEFAULT 0 NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_attachments" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_terms" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"text" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" "event_status" DEFAULT 'draft' NOT NULL,
	"sale_format" "sale_format" DEFAULT 'auction' NOT NULL,
	"private_sale" boolean DEFAULT false NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"bid_deposit_amount" bigint,
	"bid_deposit_currency" char(3) DEFAULT 'USD' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legacy_lot_bids" (
	"id" text PRIMARY KEY NOT NULL,
	"legacy_lot_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"placed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legacy_lots" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"title_seo" text NOT NULL,
	"number" text NOT NULL,
	"status" "legacy_lot_status" NOT NULL,
	"photo_url" text,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ended_at" timestamp with time zone,
	"listing_price" bigint,
	"currency" char(3) DEFAULT 'USD' NOT NULL,
	"company_id" text,
	"address_string" text,
	"mode" text DEFAULT 'lot' NOT NULL,
	"auction_id" text,
	"auction_type" text DEFAULT 'auction' NOT NULL,
	"auction_lot_bids_count" integer DEFAULT 0 NOT NULL,
	"ars_event_lot_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_lots" (
	"id" text PRIMARY KEY NOT NULL,
	"mp2_id" text,
	"parent_id" text,
	"event_id" text,
	"company_id" text NOT NULL,
	"number" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"product_category_id" text,
	"brand_id" text,
	"catalog_product_id" text,
	"type" "lot_type" NOT NULL,
	"status" "lot_status" DEFAULT 'Pending' NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"hidden_from_marketplace" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"start_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"currency" char(3) DEFAULT 'USD' NOT NULL,
	"current_bid_amount" bigint,
	"starting_bid" bigint,
	"reserve_bid" bigint,
	"buy_it_now_price" bigint,
	"all_in_price" bigint,
	"best_offer_enabled" boolean DEFAULT false NOT NULL,
	"bids_count" integer DEFAULT 0 NOT NULL,
	"managed_shipping" boolean DEFAULT false NOT NULL,
	"disposition_location_id" text,
	"lat" double precision,
	"lon" double precision,
	"rigging_cost" bigint,
	"rigging_party" "party",
	"loading_cost" bigint,
	"loading_party" "party",
	"shipping_party" "party",
	"shipping_options" "shipping_option"[] DEFAULT '{}' NOT NULL,
	"shipping_package_type" "packaging_type",
	"shipping_package_count" integer,
	"market_demand" "market_demand",
	"forced_liquidation_value" bigint,
	"orderly_liquidation_value" bigint,
	"gross_book_value" bigint,
	"net_book_value" bigint,
	"transfer_value" bigint
);
--> statement-breakpoint
CREATE TABLE "lot_photos" (
	"id" text PRIMARY KEY NOT NULL,
	"lot_id" text NOT NULL,
	"position" integer NOT NULL,
	"url" text NOT NULL,
	"previous_id" text
);
--> statement-breakpoint
CREATE TABLE "cms_sections" (
	"id" text PRIMARY KEY NOT NULL,
	"type" "cms_section_type" NOT NULL,
	"label" text NOT NULL,
	"see_more_url" text,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feature_flags" (
	"key" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"roles" text[] DEFAULT '{}' NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"display_name" text,
	"logo_url" text,
	"description" text DEFAULT '' NOT NULL,
	"city" text,
	"region" text,
	"country" "country",
	"featured" boolean DEFAULT false NOT NULL,
	"featured_order" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "catalog_products" ADD CONSTRAINT "catalog_products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_products" ADD CONSTRAINT "catalog_products_product_category_id_product_categories_id_fk" FOREIGN KEY ("product_category_id") REFERENCES "public"."product_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_parent_id_product_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."product_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disposition_locations" ADD CONSTRAINT "disposition_locations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attachments" ADD CONSTRAINT "event_attachments_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_terms" ADD CONSTRAINT "event_terms_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_lot_bids" ADD CONSTRAINT "legacy_lot_bids_legacy_lot_id_legacy_lots_id_fk" FOREIGN KEY ("legacy_lot_id") REFERENCES "public"."legacy_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_lots" ADD CONSTRAINT "legacy_lots_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_lots" ADD CONSTRAINT "event_lots_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_lots" ADD CONSTRAINT "event_lots_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_lots" ADD CONSTRAINT "event_lots_product_category_id_product_categories_id_fk" FOREIGN KEY ("product_category_id") REFERENCES "public"."product_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_lots" ADD CONSTRAINT "event_lots_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_lots" ADD CONSTRAINT "event_lots_catalog_product_id_catalog_products_id_fk" FOREIGN KEY ("catalog_product_id") REFERENCES "public"."catalog_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_lots" ADD CONSTRAINT "event_lots_disposition_location_id_disposition_locations_id_fk" FOREIGN KEY ("disposition_location_id") REFERENCES "public"."disposition_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_photos" ADD CONSTRAINT "lot_photos_lot_id_event_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."event_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_products_unique_name_idx" ON "catalog_products" USING btree ("unique_name");--> statement-breakpoint
CREATE INDEX "catalog_products_category_idx" ON "catalog_products" USING btree ("product_category_id");--> statement-breakpoint
CREATE INDEX "product_categories_parent_idx" ON "product_categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "product_categories_path_idx" ON "product_categories" USING btree ("path_id" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "disposition_locations_event_idx" ON "disposition_locations" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "event_attachments_event_idx" ON "event_attachments" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "event_terms_event_idx" ON "event_terms" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "events_company_idx" ON "events" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "events_status_end_idx" ON "events" USING btree ("status","end_at");--> statement-breakpoint
CREATE INDEX "legacy_lot_bids_lot_idx" ON "legacy_lot_bids" USING btree ("legacy_lot_id");--> statement-breakpoint
CREATE INDEX "legacy_lots_company_idx" ON "legacy_lots" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_lots_mp2_id_idx" ON "event_lots" USING btree ("mp2_id");--> statement-breakpoint
CREATE INDEX "event_lots_parent_idx" ON "event_lots" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "event_lots_event_idx" ON "event_lots" USING btree ("event_id","sequence");--> statement-breakpoint
CREATE INDEX "event_lots_company_idx" ON "event_lots" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "event_lots_category_idx" ON "event_lots" USING btree ("product_category_id");--> statement-breakpoint
CREATE INDEX "event_lots_brand_idx" ON "event_lots" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "event_lots_number_idx" ON "event_lots" USING btree ("number");--> statement-breakpoint
CREATE INDEX "event_lots_status_ended_idx" ON "event_lots" USING btree ("status","ended_at","id");--> statement-breakpoint
CREATE INDEX "event_lots_ended_idx" ON "event_lots" USING btree ("ended_at","id");--> statement-breakpoint
CREATE INDEX "event_lots_created_idx" ON "event_lots" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "lot_photos_lot_position_idx" ON "lot_photos" USING btree ("lot_id","position");