ALTER TABLE "bookings" DROP CONSTRAINT "bookings_status_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reserved_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "accepts_cash" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_one_cash_reservation_per_buyer_idx" ON "bookings" USING btree ("buyer_id") WHERE status = 'reserved';--> statement-breakpoint
CREATE INDEX "bookings_reserved_until_idx" ON "bookings" USING btree ("reserved_until") WHERE status = 'reserved';--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('booked', 'paid', 'completed', 'cancelled', 'refunded', 'reserved'));