ALTER TABLE "bookings" ADD COLUMN "checkout_started_at" timestamp with time zone;--> statement-breakpoint
-- Names written before the limit held on every path (Better Auth's own routes took any length).
UPDATE "users" SET "name" = left(btrim("name"), 80) WHERE char_length("name") > 80;--> statement-breakpoint
UPDATE "users" SET "name" = 'Furniture Mart member' WHERE btrim("name") = '';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_name_length_check" CHECK (char_length("users"."name") between 1 and 80);