-- Categories are reference data: every database, production included, starts with them.
INSERT INTO "categories" ("slug", "title", "thumbnail_url", "position") VALUES
  ('bed-room', 'Bed Room', '/media/categories/bed-room.svg', 1),
  ('dining-room', 'Dining Room', '/media/categories/dining-room.svg', 2),
  ('kitchen', 'Kitchen', '/media/categories/kitchen.svg', 3),
  ('guest-room', 'Guest Room', '/media/categories/guest-room.svg', 4),
  ('living-room', 'Living Room', '/media/categories/living-room.svg', 5),
  ('study-room', 'Study Room', '/media/categories/study-room.svg', 6)
ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
-- The audit log is append-only: the database refuses to change or remove a row.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
