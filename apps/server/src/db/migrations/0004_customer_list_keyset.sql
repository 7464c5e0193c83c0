DROP INDEX "customers_name_idx";--> statement-breakpoint
CREATE INDEX "customers_created_idx" ON "customers" USING btree ("created_at","cust_no");--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree (lower("cust_name"),"cust_no");