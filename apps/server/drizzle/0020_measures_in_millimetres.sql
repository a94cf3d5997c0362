ALTER TABLE "products" DROP COLUMN "width_cm";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "depth_cm";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "height_cm";