-- The search column is remade (dropping it drops its index, made again below), so its statistics count
-- only what a buyer can find.
ALTER TABLE "products" drop column "search";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (case when status = 'available' and deleted_at is null then setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B') else ''::tsvector end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search") WHERE status = 'available' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_available_price_idx" ON "products" USING btree ("selling_price_cents","posted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"seller_id") WHERE status = 'available' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_available_price_desc_idx" ON "products" USING btree ("selling_price_cents" DESC NULLS FIRST,"posted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"seller_id") WHERE status = 'available' and deleted_at is null;