-- Trigrams for parts of words in search (trusted extension: the database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "products_listing_date_idx";--> statement-breakpoint
DROP INDEX "products_listing_price_idx";--> statement-breakpoint
DROP INDEX "products_available_date_idx";--> statement-breakpoint
CREATE INDEX "products_listing_price_desc_idx" ON "products" USING btree ("category_id","selling_price_cents" DESC NULLS FIRST,"posted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"seller_id","condition","location") WHERE status = 'available' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin (("title" || ' ' || "description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_listing_date_idx" ON "products" USING btree ("category_id","posted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"seller_id","selling_price_cents","condition","location") WHERE status = 'available' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_listing_price_idx" ON "products" USING btree ("category_id","selling_price_cents","posted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"seller_id","condition","location") WHERE status = 'available' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_available_date_idx" ON "products" USING btree ("posted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"category_id","seller_id","selling_price_cents","condition","location") WHERE status = 'available' and deleted_at is null;