CREATE TABLE "auth_throttles" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_touch" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"full_name" text NOT NULL,
	"email" text,
	"password_hash" text NOT NULL,
	"account_type" smallint NOT NULL,
	"working_account_type" smallint,
	"granted_tasks" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"alternate_portal_user" boolean DEFAULT false NOT NULL,
	"sso_user" boolean DEFAULT false NOT NULL,
	"language" smallint DEFAULT 0 NOT NULL,
	"cust_no" integer,
	"merchant_no" integer,
	"disabled" boolean DEFAULT false NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"username" text,
	"entity" text NOT NULL,
	"entity_id" text,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"request_id" text,
	"change" text
);
--> statement-breakpoint
CREATE TABLE "account_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"job_title" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"account_number" integer NOT NULL,
	"company_name" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"country" text NOT NULL,
	"zip" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"reviewed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cust_no" integer NOT NULL,
	"card_no" text NOT NULL,
	"card_types" text DEFAULT '' NOT NULL,
	"show_card" boolean DEFAULT true NOT NULL,
	"us_allowed" boolean DEFAULT true NOT NULL,
	"ca_allowed" boolean DEFAULT false NOT NULL,
	"ebs" text,
	"card_options" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"column_rules" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_locations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cust_no" integer NOT NULL,
	"location" text NOT NULL,
	"city" text,
	"state" text
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"cust_no" integer PRIMARY KEY NOT NULL,
	"cust_name" text NOT NULL,
	"program" smallint NOT NULL,
	"currency" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"language" smallint DEFAULT 0 NOT NULL,
	"dba" text,
	"country" smallint DEFAULT 0 NOT NULL,
	"address_name" text,
	"contact" text,
	"address_1" text,
	"address_2" text,
	"city" text,
	"state" text,
	"zip" text,
	"phone" text,
	"fax" text,
	"email" text,
	"price_level" smallint,
	"all_makes_price_level" smallint,
	"sub_group_key" smallint DEFAULT 0 NOT NULL,
	"link_cust_no" integer,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cust_no" integer NOT NULL,
	"trx_date" date NOT NULL,
	"invoice" text NOT NULL,
	"item_code" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" smallint DEFAULT 0 NOT NULL,
	"source_file_seq" integer
);
--> statement-breakpoint
CREATE TABLE "inbound_files" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"content" "bytea" NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" integer,
	"merchant_no" integer,
	"params" jsonb,
	"state" text DEFAULT 'queued' NOT NULL,
	"unit_status" smallint,
	"message" text,
	"message_code" text,
	"message_values" jsonb,
	"os_return_code" integer,
	"rows_total" integer,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"result" "bytea",
	"result_name" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"job_id" text,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "parts" (
	"part_no" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"program_price" numeric(12, 2),
	"is_core" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dealer_prices" (
	"merchant_no" integer NOT NULL,
	"part_no" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"effective_date" date,
	"source_file_seq" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dealer_prices_merchant_no_part_no_pk" PRIMARY KEY("merchant_no","part_no")
);
--> statement-breakpoint
CREATE TABLE "loyalty_bundles" (
	"bundle_seq" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"comment" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" text,
	"deactivate_comment" text
);
--> statement-breakpoint
CREATE TABLE "loyalty_closed_spend" (
	"cust_loyalty_program_seq" bigint NOT NULL,
	"item_code" text NOT NULL,
	"currency" smallint NOT NULL,
	"reason" text NOT NULL,
	"purchases" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"bundle_description" text,
	"description" text,
	CONSTRAINT "loyalty_closed_spend_cust_loyalty_program_seq_item_code_currency_pk" PRIMARY KEY("cust_loyalty_program_seq","item_code","currency")
);
--> statement-breakpoint
CREATE TABLE "loyalty_enrolments" (
	"cust_loyalty_program_seq" bigserial PRIMARY KEY NOT NULL,
	"cust_no" integer NOT NULL,
	"loyalty_program_seq" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"status" text NOT NULL,
	"final_spend" numeric(14, 2),
	"final_payout" numeric(14, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" text,
	"current_spend" numeric(14, 2) DEFAULT '0' NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_terms" jsonb,
	"counted_through_trx_id" bigint
);
--> statement-breakpoint
CREATE TABLE "loyalty_item_codes" (
	"item_code_seq" bigserial PRIMARY KEY NOT NULL,
	"bundle_seq" integer NOT NULL,
	"item_code" text NOT NULL,
	"description" text,
	"comment" text,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" text
);
--> statement-breakpoint
CREATE TABLE "loyalty_job_runs" (
	"job" text PRIMARY KEY NOT NULL,
	"last_run_day" date,
	"last_run_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "loyalty_milestones" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"loyalty_program_seq" integer NOT NULL,
	"milestone_no" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"rate" numeric(7, 6),
	"cap" numeric(14, 2)
);
--> statement-breakpoint
CREATE TABLE "loyalty_programs" (
	"loyalty_program_seq" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"currency_config" smallint DEFAULT 0 NOT NULL,
	"bundle_seq" integer,
	"bundle_type" text,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" text
);
--> statement-breakpoint
CREATE TABLE "core_parts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cust_no" integer NOT NULL,
	"part_no" text NOT NULL,
	"effective_date" date NOT NULL,
	"expiry_date" date,
	"status" text DEFAULT 'A' NOT NULL,
	"file_type" smallint NOT NULL,
	"price" numeric(12, 2),
	"source_file_seq" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cust_tax_rates" (
	"cust_tax_rate_seq" bigserial PRIMARY KEY NOT NULL,
	"cust_no" integer NOT NULL,
	"program" smallint NOT NULL,
	"cust_location" text NOT NULL,
	"tax_rate" numeric(8, 6) NOT NULL,
	"effective_date" date NOT NULL,
	"expiry_date" date,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estes_parts" (
	"part_no" text PRIMARY KEY NOT NULL,
	"custom_part_no" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estes_parts_custom_part_no_key" UNIQUE("custom_part_no")
);
--> statement-breakpoint
ALTER TABLE "password_history" ADD CONSTRAINT "password_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_cust_no_customers_cust_no_fk" FOREIGN KEY ("cust_no") REFERENCES "public"."customers"("cust_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_locations" ADD CONSTRAINT "customer_locations_cust_no_customers_cust_no_fk" FOREIGN KEY ("cust_no") REFERENCES "public"."customers"("cust_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_closed_spend" ADD CONSTRAINT "loyalty_closed_spend_cust_loyalty_program_seq_loyalty_enrolments_cust_loyalty_program_seq_fk" FOREIGN KEY ("cust_loyalty_program_seq") REFERENCES "public"."loyalty_enrolments"("cust_loyalty_program_seq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_enrolments" ADD CONSTRAINT "loyalty_enrolments_cust_no_customers_cust_no_fk" FOREIGN KEY ("cust_no") REFERENCES "public"."customers"("cust_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_enrolments" ADD CONSTRAINT "loyalty_enrolments_loyalty_program_seq_loyalty_programs_loyalty_program_seq_fk" FOREIGN KEY ("loyalty_program_seq") REFERENCES "public"."loyalty_programs"("loyalty_program_seq") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_item_codes" ADD CONSTRAINT "loyalty_item_codes_bundle_seq_loyalty_bundles_bundle_seq_fk" FOREIGN KEY ("bundle_seq") REFERENCES "public"."loyalty_bundles"("bundle_seq") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_milestones" ADD CONSTRAINT "loyalty_milestones_loyalty_program_seq_loyalty_programs_loyalty_program_seq_fk" FOREIGN KEY ("loyalty_program_seq") REFERENCES "public"."loyalty_programs"("loyalty_program_seq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_programs" ADD CONSTRAINT "loyalty_programs_bundle_seq_loyalty_bundles_bundle_seq_fk" FOREIGN KEY ("bundle_seq") REFERENCES "public"."loyalty_bundles"("bundle_seq") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "core_parts" ADD CONSTRAINT "core_parts_cust_no_customers_cust_no_fk" FOREIGN KEY ("cust_no") REFERENCES "public"."customers"("cust_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cust_tax_rates" ADD CONSTRAINT "cust_tax_rates_cust_no_customers_cust_no_fk" FOREIGN KEY ("cust_no") REFERENCES "public"."customers"("cust_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estes_parts" ADD CONSTRAINT "estes_parts_part_no_parts_part_no_fk" FOREIGN KEY ("part_no") REFERENCES "public"."parts"("part_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_throttles_expires_idx" ON "auth_throttles" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "password_history_user_idx" ON "password_history" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("username");--> statement-breakpoint
CREATE INDEX "account_requests_status_idx" ON "account_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "account_requests_created_idx" ON "account_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "cards_cust_idx" ON "cards" USING btree ("cust_no");--> statement-breakpoint
CREATE INDEX "customer_locations_cust_idx" ON "customer_locations" USING btree ("cust_no","location");--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree (lower("cust_name"));--> statement-breakpoint
CREATE INDEX "transactions_cust_date_idx" ON "transactions" USING btree ("cust_no","trx_date");--> statement-breakpoint
CREATE INDEX "transactions_item_idx" ON "transactions" USING btree ("item_code");--> statement-breakpoint
CREATE INDEX "transactions_invoice_idx" ON "transactions" USING btree ("cust_no","invoice","item_code");--> statement-breakpoint
CREATE INDEX "inbound_files_kind_idx" ON "inbound_files" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "inbound_files_state_idx" ON "inbound_files" USING btree ("state");--> statement-breakpoint
CREATE INDEX "inbound_files_merchant_idx" ON "inbound_files" USING btree ("merchant_no");--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_files_job_idx" ON "inbound_files" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "inbound_files_finished_idx" ON "inbound_files" USING btree ("finished_at");--> statement-breakpoint
CREATE INDEX "dealer_prices_part_idx" ON "dealer_prices" USING btree ("part_no");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_bundles_name_idx" ON "loyalty_bundles" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "loyalty_enrolments_cust_idx" ON "loyalty_enrolments" USING btree ("cust_no");--> statement-breakpoint
CREATE INDEX "loyalty_enrolments_program_idx" ON "loyalty_enrolments" USING btree ("loyalty_program_seq");--> statement-breakpoint
CREATE INDEX "loyalty_enrolments_spend_idx" ON "loyalty_enrolments" USING btree ("current_spend","cust_loyalty_program_seq");--> statement-breakpoint
CREATE INDEX "loyalty_enrolments_end_idx" ON "loyalty_enrolments" USING btree ("end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_item_codes_bundle_code_idx" ON "loyalty_item_codes" USING btree ("bundle_seq","item_code");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_milestones_program_no_idx" ON "loyalty_milestones" USING btree ("loyalty_program_seq","milestone_no");--> statement-breakpoint
CREATE INDEX "loyalty_milestones_program_amount_idx" ON "loyalty_milestones" USING btree ("loyalty_program_seq","amount");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_programs_name_idx" ON "loyalty_programs" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "loyalty_programs_bundle_idx" ON "loyalty_programs" USING btree ("bundle_seq");--> statement-breakpoint
CREATE UNIQUE INDEX "core_parts_key" ON "core_parts" USING btree ("cust_no","part_no","file_type");--> statement-breakpoint
CREATE INDEX "core_parts_part_idx" ON "core_parts" USING btree ("part_no");--> statement-breakpoint
CREATE INDEX "cust_tax_rates_location_idx" ON "cust_tax_rates" USING btree ("cust_no","cust_location","effective_date");--> statement-breakpoint
CREATE INDEX "cust_tax_rates_effective_idx" ON "cust_tax_rates" USING btree ("effective_date");
--> statement-breakpoint
-- CSV exports written by the database (COPY ... TO STDOUT WITH (FORMAT csv, HEADER)): the cells that the
-- portal's CSV writer (src/http/csv.ts, safeCell) and the audit export's JSON would produce, in SQL, so that
-- an export is one statement whose output goes to the browser unchanged (docs/decisions/0120-*.md).
--
-- Appended to the initial migration by scripts/db-generate.mjs. Statements are separated by Drizzle's
-- breakpoint marker; keep one statement between two markers.

-- safeCell (packages/contract/src/csv, decision 0321): a cell a spreadsheet would run as a formula
-- (starting with =, +, -, @, tab or CR) gets a leading single quote; a plain (negative) number stays a
-- number. A spreadsheet set to a semicolon list separator splits lines at semicolons and then at the line
-- breaks of cells whose quotes no longer hold, so a semicolon, CR or LF inside a cell followed by =, +, -, @,
-- tab, CR or a double quote gets a single quote after it (`a;=1+1` becomes `a;'=1+1`). An empty cell is
-- NULL, which COPY writes as an empty field without quotes, as the CSV writer does (COPY quotes an empty
-- string). Text cannot hold NUL. (Tests in order of cost, the usual cell leaving at the fourth: a regular
-- expression on every cell would cost a tenth of the export. The function is inlined and uses its
-- parameter several times: pass it a column or a cheap expression.)
CREATE OR REPLACE FUNCTION csv_cell(s text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN strpos(s, ';') > 0 OR strpos(s, chr(10)) > 0 OR strpos(s, chr(13)) > 0 THEN
      CASE WHEN ascii(s) IN (9, 13, 43, 45, 61, 64) THEN '''' ELSE '' END
        || regexp_replace(s, '([;\r\n])(?=[-=+@\t\r"])', '\1''', 'g')
    WHEN ascii(s) > 64 THEN s
    WHEN ascii(s) NOT IN (0, 9, 13, 43, 45, 61, 64) THEN s
    WHEN s = '' THEN NULL
    WHEN ascii(s) = 45 AND s ~ '^-[0-9]+(\.[0-9]+)?$' THEN s
    ELSE '''' || s
  END
$$;
--> statement-breakpoint

-- A JSON number as JSON.stringify(JSON.parse(text)) prints it (Number::toString): the nearest double, in
-- the fewest significant digits that read back as that double (the closest such digits), fixed notation
-- from 1e-6 up to 1e21 exclusive, otherwise 1.5e+21 / 1e-7; beyond a double, null (Infinity) or 0.
-- (float8's own output is not always the shortest: 1.9e22 comes out as 1.9000000000000002e+22.)
CREATE OR REPLACE FUNCTION js_number_text(n numeric) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  d float8;
  p int;
  s text;
  m text[];
  digits text;
  point int;
  k int;
BEGIN
  IF n <> 0 AND (abs(n) > 1e308 OR abs(n) < 1e-307) THEN
    BEGIN
      d := n::float8;
    EXCEPTION WHEN numeric_value_out_of_range THEN
      RETURN CASE WHEN abs(n) > 1 THEN 'null' ELSE '0' END;
    END;
  ELSE
    d := n::float8;
  END IF;
  IF d = 0 THEN RETURN '0'; END IF;
  -- to_char's EEEE rounds the double's exact value to p significant digits.
  FOR p IN 1..17 LOOP
    s := btrim(to_char(d, '9' || CASE WHEN p > 1 THEN '.' || repeat('9', p - 1) ELSE '' END || 'EEEE'));
    IF abs(d) < 1e308 AND abs(d) > 1e-307 THEN
      EXIT WHEN s::float8 = d;
    ELSE
      -- At the ends of the range a rounded candidate may not be a double at all (2e+308).
      BEGIN
        EXIT WHEN s::float8 = d;
      EXCEPTION WHEN numeric_value_out_of_range THEN
        NULL;
      END;
    END IF;
  END LOOP;
  m := regexp_match(s, '^(-?)([0-9])(?:\.([0-9]+))?e([-+][0-9]+)$');
  digits := rtrim(m[2] || coalesce(m[3], ''), '0');
  point := m[4]::int + 1;
  k := length(digits);
  IF k <= point AND point <= 21 THEN RETURN m[1] || digits || repeat('0', point - k); END IF;
  IF 0 < point AND point <= 21 THEN RETURN m[1] || left(digits, point) || '.' || substr(digits, point + 1); END IF;
  IF -6 < point AND point <= 0 THEN RETURN m[1] || '0.' || repeat('0', -point) || digits; END IF;
  RETURN m[1] || left(digits, 1) || CASE WHEN k > 1 THEN '.' || substr(digits, 2) ELSE '' END
    || 'e' || CASE WHEN point > 1 THEN '+' ELSE '-' END || abs(point - 1)::text;
END
$$;
--> statement-breakpoint

-- JSON.stringify(redactAudit(JSON.parse(value))) (src/audit/audit.ts): keys in the order JavaScript keeps
-- them (array-index keys first, in numeric order, then the others in jsonb's order, which is the order of
-- the text the driver parses), no spaces, numbers as JavaScript prints them, and a field named in
-- `redacted` replaced by `mask` at any depth when it holds anything but null or ''.
CREATE OR REPLACE FUNCTION js_json(v jsonb, redacted text[], mask text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  kind text := jsonb_typeof(v);
  out text;
BEGIN
  IF v IS NULL THEN RETURN NULL; END IF;
  IF kind = 'object' THEN
    SELECT '{' || coalesce(string_agg(to_json(e.key)::text || ':' ||
             CASE WHEN e.key = ANY (redacted) AND e.value NOT IN ('null'::jsonb, '""'::jsonb) THEN to_json(mask)::text
                  ELSE js_json(e.value, redacted, mask) END, ','
             ORDER BY e.ix IS NULL, e.ix, octet_length(e.key), e.key COLLATE "C"), '') || '}'
      INTO out
      FROM (SELECT j.key, j.value,
                   CASE WHEN j.key ~ '^(0|[1-9][0-9]{0,9})$' AND j.key::bigint < 4294967295 THEN j.key::bigint END AS ix
              FROM jsonb_each(v) j) e;
    RETURN out;
  ELSIF kind = 'array' THEN
    SELECT '[' || coalesce(string_agg(js_json(a.value, redacted, mask), ',' ORDER BY a.i), '') || ']'
      INTO out
      FROM jsonb_array_elements(v) WITH ORDINALITY a(value, i);
    RETURN out;
  ELSIF kind = 'number' THEN
    RETURN js_number_text(v::numeric);
  END IF;
  -- Strings (escaped as JSON.stringify escapes them), true, false, null.
  RETURN v::text;
END
$$;

--> statement-breakpoint
-- The rebate engine's materialised spend (docs/decisions/0009-loyalty-engine.md).
--
-- loyalty_enrolments.current_spend holds each open enrolment's qualifying spend: the customer's purchases
-- dated between its start and end dates, in its template's currency (currency_config 0 = transactions
-- currency 0, 1 = CAD), whose item code is in the template's Include bundle, not in its Exclude bundle, or
-- any code without a bundle. These triggers keep it right on every write, set-based (statement triggers
-- with transition tables), so that reading or sorting a page of enrolments never sums transactions.
-- Closed enrolments (Completed, BC Completed, Not Reconciled, Unenrolled) keep the spend they closed with.
--
-- Appended to the initial migration by scripts/db-generate.mjs: Drizzle's schema cannot express triggers.
-- Statements are separated by Drizzle's breakpoint marker; keep one statement between two markers.

CREATE OR REPLACE FUNCTION loyalty_refresh_spend(seqs bigint[]) RETURNS void LANGUAGE sql AS $$
  UPDATE loyalty_enrolments e
     SET current_spend = s.spend
    FROM (
      SELECT e2.cust_loyalty_program_seq AS seq,
             coalesce((
               SELECT sum(t.amount)
                 FROM transactions t
                WHERE t.cust_no = e2.cust_no
                  AND t.trx_date BETWEEN e2.start_date AND e2.end_date
                  AND t.currency = p.currency_config
                  AND (p.bundle_seq IS NULL OR p.bundle_type IS NULL
                       OR (p.bundle_type = 'Include') = EXISTS (
                            SELECT 1 FROM loyalty_item_codes ic WHERE ic.bundle_seq = p.bundle_seq AND ic.item_code = t.item_code))
             ), 0) AS spend
        FROM loyalty_enrolments e2
        JOIN loyalty_programs p ON p.loyalty_program_seq = e2.loyalty_program_seq
       WHERE e2.cust_loyalty_program_seq = ANY (seqs)
         AND e2.status NOT IN ('Completed', 'BC Completed', 'Not Reconciled', 'Unenrolled')
    ) s
   WHERE e.cust_loyalty_program_seq = s.seq
     AND e.current_spend IS DISTINCT FROM s.spend
     -- Checked again on the row as it is when the lock is granted: an enrolment closed meanwhile keeps its spend.
     AND e.status NOT IN ('Completed', 'BC Completed', 'Not Reconciled', 'Unenrolled');
$$;
--> statement-breakpoint

-- New purchases add to the spend of the open enrolments whose window, currency and bundle they match.
-- An addition (not a recount) so that two imports committing at once both count.
CREATE OR REPLACE FUNCTION loyalty_transactions_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE loyalty_enrolments e
     SET current_spend = e.current_spend + d.amount
    FROM (
      SELECT e2.cust_loyalty_program_seq AS seq, sum(t.amount) AS amount
        FROM loyalty_new_transactions t
        JOIN loyalty_enrolments e2 ON e2.cust_no = t.cust_no AND t.trx_date BETWEEN e2.start_date AND e2.end_date
        JOIN loyalty_programs p ON p.loyalty_program_seq = e2.loyalty_program_seq AND p.currency_config = t.currency
       WHERE e2.status NOT IN ('Completed', 'BC Completed', 'Not Reconciled', 'Unenrolled')
         AND (p.bundle_seq IS NULL OR p.bundle_type IS NULL
              OR (p.bundle_type = 'Include') = EXISTS (
                   SELECT 1 FROM loyalty_item_codes ic WHERE ic.bundle_seq = p.bundle_seq AND ic.item_code = t.item_code))
       GROUP BY e2.cust_loyalty_program_seq
    ) d
   WHERE e.cust_loyalty_program_seq = d.seq
     AND d.amount <> 0
     -- Re-checked on the locked row: a purchase committed while the enrolment was being closed does not
     -- change the spend it closed with (decision 0072).
     AND e.status NOT IN ('Completed', 'BC Completed', 'Not Reconciled', 'Unenrolled');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER loyalty_transactions_inserted AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS loyalty_new_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION loyalty_transactions_inserted();
--> statement-breakpoint

-- Changed or removed purchases: recount the open enrolments of the customers concerned.
CREATE OR REPLACE FUNCTION loyalty_transactions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  custs integer[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    custs := ARRAY(SELECT cust_no FROM loyalty_old_transactions UNION SELECT cust_no FROM loyalty_new_transactions);
  ELSIF TG_OP = 'DELETE' THEN
    custs := ARRAY(SELECT DISTINCT cust_no FROM loyalty_old_transactions);
  END IF;
  PERFORM loyalty_refresh_spend(ARRAY(SELECT cust_loyalty_program_seq FROM loyalty_enrolments WHERE cust_no = ANY (custs)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER loyalty_transactions_updated AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS loyalty_old_transactions NEW TABLE AS loyalty_new_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION loyalty_transactions_changed();
--> statement-breakpoint
CREATE TRIGGER loyalty_transactions_deleted AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS loyalty_old_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION loyalty_transactions_changed();
--> statement-breakpoint

CREATE OR REPLACE FUNCTION loyalty_transactions_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE loyalty_enrolments SET current_spend = 0
   WHERE current_spend <> 0 AND status NOT IN ('Completed', 'BC Completed', 'Not Reconciled', 'Unenrolled');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER loyalty_transactions_truncated AFTER TRUNCATE ON transactions
  FOR EACH STATEMENT EXECUTE FUNCTION loyalty_transactions_truncated();
--> statement-breakpoint

-- New enrolments start with their window's spend (purchases may predate the enrolment row).
CREATE OR REPLACE FUNCTION loyalty_enrolments_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM loyalty_refresh_spend(ARRAY(SELECT cust_loyalty_program_seq FROM loyalty_new_enrolments));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER loyalty_enrolments_inserted AFTER INSERT ON loyalty_enrolments
  REFERENCING NEW TABLE AS loyalty_new_enrolments
  FOR EACH STATEMENT EXECUTE FUNCTION loyalty_enrolments_inserted();
--> statement-breakpoint

-- An enrolment whose customer, template or dates change, or that is reopened, is recounted.
CREATE OR REPLACE FUNCTION loyalty_enrolment_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM loyalty_refresh_spend(ARRAY[NEW.cust_loyalty_program_seq]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER loyalty_enrolment_changed AFTER UPDATE ON loyalty_enrolments
  FOR EACH ROW
  WHEN (OLD.cust_no IS DISTINCT FROM NEW.cust_no
        OR OLD.loyalty_program_seq IS DISTINCT FROM NEW.loyalty_program_seq
        OR OLD.start_date IS DISTINCT FROM NEW.start_date
        OR OLD.end_date IS DISTINCT FROM NEW.end_date
        OR (OLD.status IN ('Completed', 'BC Completed', 'Not Reconciled', 'Unenrolled')
            AND NEW.status NOT IN ('Completed', 'BC Completed', 'Not Reconciled', 'Unenrolled')))
  EXECUTE FUNCTION loyalty_enrolment_changed();
--> statement-breakpoint

-- A template whose bundle, bundle type or currency changes: recount its enrolments.
CREATE OR REPLACE FUNCTION loyalty_program_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM loyalty_refresh_spend(ARRAY(SELECT cust_loyalty_program_seq FROM loyalty_enrolments WHERE loyalty_program_seq = NEW.loyalty_program_seq));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER loyalty_program_changed AFTER UPDATE ON loyalty_programs
  FOR EACH ROW
  WHEN (OLD.bundle_seq IS DISTINCT FROM NEW.bundle_seq
        OR OLD.bundle_type IS DISTINCT FROM NEW.bundle_type
        OR OLD.currency_config IS DISTINCT FROM NEW.currency_config)
  EXECUTE FUNCTION loyalty_program_changed();
--> statement-breakpoint

-- Item codes added to, removed from or changed in a bundle: recount the enrolments of the templates using it.
CREATE OR REPLACE FUNCTION loyalty_item_codes_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bundles bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    bundles := ARRAY(SELECT DISTINCT bundle_seq FROM loyalty_new_item_codes);
  ELSIF TG_OP = 'DELETE' THEN
    bundles := ARRAY(SELECT DISTINCT bundle_seq FROM loyalty_old_item_codes);
  ELSE
    bundles := ARRAY(
      SELECT o.bundle_seq FROM loyalty_old_item_codes o JOIN loyalty_new_item_codes n USING (item_code_seq)
       WHERE o.item_code IS DISTINCT FROM n.item_code OR o.bundle_seq IS DISTINCT FROM n.bundle_seq
      UNION
      SELECT n.bundle_seq FROM loyalty_old_item_codes o JOIN loyalty_new_item_codes n USING (item_code_seq)
       WHERE o.item_code IS DISTINCT FROM n.item_code OR o.bundle_seq IS DISTINCT FROM n.bundle_seq);
  END IF;
  IF cardinality(bundles) > 0 THEN
    PERFORM loyalty_refresh_spend(ARRAY(
      SELECT e.cust_loyalty_program_seq
        FROM loyalty_enrolments e
        JOIN loyalty_programs p ON p.loyalty_program_seq = e.loyalty_program_seq
       WHERE p.bundle_seq = ANY (bundles)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER loyalty_item_codes_inserted AFTER INSERT ON loyalty_item_codes
  REFERENCING NEW TABLE AS loyalty_new_item_codes
  FOR EACH STATEMENT EXECUTE FUNCTION loyalty_item_codes_changed();
--> statement-breakpoint
CREATE TRIGGER loyalty_item_codes_updated AFTER UPDATE ON loyalty_item_codes
  REFERENCING OLD TABLE AS loyalty_old_item_codes NEW TABLE AS loyalty_new_item_codes
  FOR EACH STATEMENT EXECUTE FUNCTION loyalty_item_codes_changed();
--> statement-breakpoint
CREATE TRIGGER loyalty_item_codes_deleted AFTER DELETE ON loyalty_item_codes
  REFERENCING OLD TABLE AS loyalty_old_item_codes
  FOR EACH STATEMENT EXECUTE FUNCTION loyalty_item_codes_changed();
