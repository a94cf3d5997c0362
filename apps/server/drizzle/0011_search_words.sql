CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_prefix_idx" ON "search_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
-- The words of what can be found today.
INSERT INTO "search_words" SELECT DISTINCT w FROM "products", unnest(tsvector_to_array("search")) w ON CONFLICT DO NOTHING;--> statement-breakpoint
-- New products add their words once per statement (a bulk insert reads its rows once). Words are
-- added in order, so two writers adding the same new words never wait on each other in a circle.
CREATE FUNCTION search_words_of_inserted() RETURNS trigger AS $$
BEGIN
  INSERT INTO search_words SELECT DISTINCT w FROM inserted, unnest(tsvector_to_array(search)) w
    ORDER BY 1 ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER products_search_words_insert AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION search_words_of_inserted();--> statement-breakpoint
-- An edit, or a product listed again, adds its words; an update that leaves them (a hold, a sale) does nothing.
CREATE FUNCTION search_words_of_updated() RETURNS trigger AS $$
BEGIN
  INSERT INTO search_words SELECT DISTINCT w FROM unnest(tsvector_to_array(NEW.search)) w
    ORDER BY 1 ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER products_search_words_update AFTER UPDATE ON "products"
  FOR EACH ROW WHEN (NEW.search IS DISTINCT FROM OLD.search AND NEW.search <> ''::tsvector)
  EXECUTE FUNCTION search_words_of_updated();
