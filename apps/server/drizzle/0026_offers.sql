CREATE TABLE "offer_intents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_intent_id" text NOT NULL,
	"client_secret" text,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'requires_payment' NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_intents_provider_intent_id_unique" UNIQUE("provider_intent_id")
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"counter_amount_cents" integer,
	"currency" text NOT NULL,
	"status" text DEFAULT 'awaiting_payment' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decline_reason" text,
	"booking_id" uuid,
	"accepting_since" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_status_check" CHECK ("offers"."status" in ('awaiting_payment', 'open', 'countered', 'accepted', 'declined', 'withdrawn', 'expired')),
	CONSTRAINT "offers_amount_check" CHECK ("offers"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "offer_id" uuid;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "offer_event" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "firm_price" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_intents" ADD CONSTRAINT "offer_intents_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_intents_offer_amount_idx" ON "offer_intents" USING btree ("offer_id","amount_cents","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_live_per_buyer_idx" ON "offers" USING btree ("buyer_id","product_id") WHERE status in ('awaiting_payment', 'open', 'countered');--> statement-breakpoint
CREATE INDEX "offers_product_idx" ON "offers" USING btree ("product_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offers_buyer_idx" ON "offers" USING btree ("buyer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offers_live_expiry_idx" ON "offers" USING btree ("expires_at") WHERE status in ('awaiting_payment', 'open', 'countered');