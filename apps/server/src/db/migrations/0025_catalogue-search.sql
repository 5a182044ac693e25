CREATE INDEX "events_name_trgm" ON "events" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "events_description_trgm" ON "events" USING gin ("description" gin_trgm_ops);