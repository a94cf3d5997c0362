ALTER TABLE "product_photos" ADD COLUMN "middle_key" text;--> statement-breakpoint
ALTER TABLE "product_photos" ADD COLUMN "middle_width" integer;--> statement-breakpoint
ALTER TABLE "product_photos" ADD COLUMN "middle_height" integer;