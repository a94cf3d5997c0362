-- The bands a product lies in, as lexemes no search can spell ('~' never starts a word): of its price
-- (40 a decade of minor units, about 6 per cent wide) and of the day it was posted, each at several
-- widths: '~p3.9' is price band 9 among bands as wide as 8 (2^3) narrow ones, so any run of bands is a
-- few lexemes. A search of thousands of matches asks for the bands its page lies in and reads only the
-- matches there (decision 0029). A band is a function of the row alone, so it is never stale. Only
-- the system's own functions are called: an index is built and vacuumed with only those in reach.
CREATE FUNCTION search_bands(price_cents integer, posted_at timestamptz) RETURNS tsvector
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
DECLARE
  p integer := floor(log((greatest(price_cents, 0) + 1)::double precision) * 40);
  d integer := floor(extract(epoch FROM posted_at) / 86400);
BEGIN
  RETURN array_to_tsvector(ARRAY[
    '~p0.' || p, '~p1.' || (p >> 1), '~p2.' || (p >> 2), '~p3.' || (p >> 3),
    '~p4.' || (p >> 4), '~p5.' || (p >> 5), '~p6.' || (p >> 6), '~p7.' || (p >> 7),
    '~d0.' || d, '~d1.' || (d >> 1), '~d2.' || (d >> 2), '~d3.' || (d >> 3),
    '~d4.' || (d >> 4), '~d5.' || (d >> 5), '~d6.' || (d >> 6), '~d7.' || (d >> 7),
    '~d8.' || (d >> 8), '~d9.' || (d >> 9), '~d10.' || (d >> 10)]);
END;
$$;--> statement-breakpoint
CREATE INDEX "products_search_bands_idx" ON "products" USING gin (("search" || search_bands("selling_price_cents", "posted_at"))) WHERE status = 'available' and deleted_at is null;
