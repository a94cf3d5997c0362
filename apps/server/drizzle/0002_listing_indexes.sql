DROP INDEX "products_listing_date_idx";--> statement-breakpoint
DROP INDEX "products_listing_price_idx";--> statement-breakpoint
DROP INDEX "products_available_date_idx";--> statement-breakpoint
CREATE INDEX "products_listing_count_idx" ON "products" USING btree ("category_id","seller_id") WHERE status = 'available' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_listing_date_idx" ON "products" USING btree ("category_id","posted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'available' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_listing_price_idx" ON "products" USING btree ("category_id","selling_price_cents","posted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'available' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_available_date_idx" ON "products" USING btree ("posted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'available' and deleted_at is null;