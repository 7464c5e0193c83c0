CREATE INDEX "customers_city_idx" ON "customers" USING btree (lower("city"),"cust_no");--> statement-breakpoint
CREATE INDEX "customers_state_idx" ON "customers" USING btree ("state","cust_no");--> statement-breakpoint
CREATE INDEX "customers_program_idx" ON "customers" USING btree ("program","cust_no");--> statement-breakpoint
CREATE INDEX "customers_country_idx" ON "customers" USING btree ("country","cust_no");--> statement-breakpoint
CREATE INDEX "customers_status_idx" ON "customers" USING btree ("status","cust_no");