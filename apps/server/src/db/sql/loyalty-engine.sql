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
