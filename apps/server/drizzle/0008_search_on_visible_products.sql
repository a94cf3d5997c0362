DROP INDEX "products_advertised_idx";--> statement-breakpoint
DROP INDEX "products_search_idx";--> statement-breakpoint
DROP INDEX "products_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "users_removed_idx" ON "users" USING btree ("id") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "products_advertised_idx" ON "products" USING btree ("advertised_at" DESC NULLS LAST,"posted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"seller_id") WHERE advertised and status = 'available' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search") WHERE status = 'available' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin (("title" || ' ' || "description") gin_trgm_ops) WHERE status = 'available' and deleted_at is null;