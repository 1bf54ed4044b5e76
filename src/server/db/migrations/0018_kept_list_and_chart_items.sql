ALTER TABLE "activities" ADD COLUMN "list_item" text;--> statement-breakpoint
ALTER TABLE "fitness_days" ADD COLUMN "item" text;--> statement-breakpoint
-- A kept list item is the activity's listed columns as JSON text (ADR 0059): any change to one of
-- them, by any writer, empties it, and the next read of the list writes it again.
CREATE FUNCTION "activities_list_item_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.id, NEW.name, NEW.type, NEW.sport_type, NEW.source, NEW.strava_activity_id, NEW.distance, NEW.moving_time,
      NEW.elapsed_time, NEW.total_elevation_gain, NEW.start_date, NEW.average_heartrate, NEW.average_watts,
      NEW.device_watts, NEW.trainer)
     IS DISTINCT FROM
     (OLD.id, OLD.name, OLD.type, OLD.sport_type, OLD.source, OLD.strava_activity_id, OLD.distance, OLD.moving_time,
      OLD.elapsed_time, OLD.total_elevation_gain, OLD.start_date, OLD.average_heartrate, OLD.average_watts,
      OLD.device_watts, OLD.trainer)
  THEN
    NEW.list_item := NULL;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "activities_list_item_stale" BEFORE UPDATE ON "activities"
  FOR EACH ROW EXECUTE FUNCTION "activities_list_item_stale"();
