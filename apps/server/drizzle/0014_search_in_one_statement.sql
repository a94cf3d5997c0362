-- A search is one statement PostgreSQL plans for its values (decision 0037): the bands of price and
-- date, their index and the function that wrote them go.
DROP INDEX "products_search_bands_idx";--> statement-breakpoint
DROP FUNCTION search_bands(integer, timestamptz);
