ALTER TABLE "categories" ADD COLUMN "measured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "width_mm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "depth_mm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "height_mm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "diagonal_depth_mm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "comes_apart" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_g" integer;--> statement-breakpoint
-- Measures given before, in centimetres, carried over in millimetres (a size over 5 m was never real).
UPDATE "products" SET
  "width_mm" = CASE WHEN "width_cm" BETWEEN 1 AND 500 THEN "width_cm" * 10 END,
  "depth_mm" = CASE WHEN "depth_cm" BETWEEN 1 AND 500 THEN "depth_cm" * 10 END,
  "height_mm" = CASE WHEN "height_cm" BETWEEN 1 AND 500 THEN "height_cm" * 10 END
WHERE "width_cm" IS NOT NULL OR "depth_cm" IS NOT NULL OR "height_cm" IS NOT NULL;--> statement-breakpoint
-- The rooms that hold bulky pieces.
UPDATE "categories" SET "measured" = true WHERE "slug" IN ('bed-room', 'living-room', 'dining-room');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_dimensions_check" CHECK ("products"."width_mm" between 1 and 5000 and "products"."depth_mm" between 1 and 5000 and "products"."height_mm" between 1 and 5000 and "products"."diagonal_depth_mm" between 1 and "products"."depth_mm" and "products"."weight_g" between 1 and 500000);