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
