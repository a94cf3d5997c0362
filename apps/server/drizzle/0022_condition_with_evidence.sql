ALTER TABLE "bookings" ADD COLUMN "listing_at_booking" jsonb;--> statement-breakpoint
ALTER TABLE "product_photos" ADD COLUMN "flaw_caption" text;--> statement-breakpoint
ALTER TABLE "product_photos" ADD COLUMN "kept_for_orders" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "checklist" jsonb;