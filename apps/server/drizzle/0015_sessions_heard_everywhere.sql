-- Sessions are kept in each instance's memory (decision 0038). Any change to a user's sessions (ended,
-- renewed) or account (removed, role, verification, name) announces the user's id as it commits,
-- whichever instance or command made it, and every instance drops what it kept of that user.
CREATE FUNCTION announce_session_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('furniture_mart_sessions', OLD.user_id::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER sessions_announce_change AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION announce_session_change();--> statement-breakpoint
CREATE FUNCTION announce_user_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('furniture_mart_sessions', OLD.id::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER users_announce_change AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION announce_user_change();
