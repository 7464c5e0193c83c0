import { protocol, types, type PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { concat } from './bytes';
import { PGliteThread } from './pglite-thread';

/**
 * A statement of a hot read prepared once per connection under a name and then run by name with its
 * parameters (decision 0993): neither Node nor the database parses or plans its text again. Rows come back
 * as arrays of column values, in the statement's column order, with the driver's usual type parsing.
 */
export type PreparedRows = (name: string | undefined, text: string, params: readonly unknown[]) => Promise<unknown[][]>;

/** PostgreSQL: node-postgres prepares a named statement on each pooled connection's first use of it. */
export function postgresPrepared(pool: pg.Pool): PreparedRows {
  return async (name, text, params) => {
    const res = await pool.query<unknown[]>({ ...(name ? { name } : {}), text, values: params as unknown[], rowMode: 'array' });
    return res.rows;
  };
}

// ---------------------------------------------------------------- PGlite: the extended protocol by hand

const encoder = new TextEncoder();

/** One frontend message: its type byte, its length (itself included) and its body. */
function message(type: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(5 + body.length);
  out[0] = type.charCodeAt(0);
  new DataView(out.buffer).setInt32(1, 4 + body.length);
  out.set(body, 5);
  return out;
}

const cstring = (s: string) => concat([encoder.encode(s), new Uint8Array([0])]);
const int16 = (n: number) => new Uint8Array([(n >> 8) & 0xff, n & 0xff]);
const int32 = (n: number) => {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setInt32(0, n);
  return b;
};

/** Parse: the statement's text under its name, parameter types left to the server. */
const parseMessage = (name: string, text: string) => message('P', concat([cstring(name), cstring(text), int16(0)]));

/** Close of a named statement, and Sync. */
const closeMessage = (name: string) => concat([protocol.serialize.close({ type: 'S', name }), protocol.serialize.sync()]);

/** Bind (unnamed portal, every parameter and column as text), Describe of the portal, Execute, Sync. */
function runMessages(name: string, params: readonly unknown[]): Uint8Array {
  const values = params.map((v) =>
    v == null
      ? null
      : encoder.encode(v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v) : String(v as string | number)),
  );
  const bind = message(
    'B',
    concat([
      cstring(''),
      cstring(name),
      int16(0),
      int16(values.length),
      ...values.flatMap((v) => (v === null ? [int32(-1)] : [int32(v.length), v])),
      int16(0),
    ]),
  );
  return concat([
    bind,
    message('D', concat([new Uint8Array(['P'.charCodeAt(0)]), cstring('')])),
    message('E', concat([cstring(''), int32(0)])),
    message('S', new Uint8Array(0)),
  ]);
}

interface Field {
  dataTypeID: number;
}

/**
 * PGlite: its `query` sends Parse, Describe, Bind, Describe, Execute and Sync as six exchanges with the
 * WASM backend, parsing and planning the text on every call. Here a statement is parsed once under its name
 * and each call is one exchange of Bind, Describe, Execute and Sync; the backend keeps the plan (after its
 * first custom plans, a generic one). It runs under the client's locks, as `query` does, so it never runs
 * inside another caller's transaction.
 */
export function pglitePrepared(client: PGlite): PreparedRows {
  const parsed = new Set<string>();
  const toRows = (messages: readonly { name: string }[]) => {
    let fields: Field[] = [];
    const rows: unknown[][] = [];
    for (const m of messages) {
      if (m.name === 'rowDescription') fields = (m as unknown as { fields: Field[] }).fields;
      else if (m.name === 'dataRow') {
        const cells = (m as unknown as { fields: (string | null)[] }).fields;
        rows.push(cells.map((c, i) => (c === null ? null : types.parseType(c, fields[i]!.dataTypeID, client.parsers))));
      }
    }
    return rows;
  };
  // An unnamed statement is parsed on every call (the backend drops it at the next Parse).
  const messagesFor = (known: string | undefined, name: string | undefined, text: string, params: readonly unknown[]) => {
    const run = runMessages(name ?? '', params);
    return known === undefined ? concat([parseMessage(name ?? '', text), run]) : run;
  };
  if (client instanceof PGliteThread) {
    // On its own thread the statement is sent in turn (PGliteThread.inTurn): it counts as parsed once its
    // Parse is sent, since every later message reaches the database after it. If that first run fails, the
    // statement is closed (closing an unknown one is no error) and parsed again next time.
    return async (name, text, params) => {
      let parsing = false;
      try {
        return toRows(
          await client.inTurn(() => {
            parsing = Boolean(name) && !parsed.has(name!);
            if (parsing) parsed.add(name!);
            return messagesFor(parsing ? undefined : name, name, text, params);
          }),
        );
      } catch (err) {
        if (parsing) {
          parsed.delete(name!);
          await client.inTurn(closeMessage(name!)).catch(() => {});
        }
        throw err;
      }
    };
  }
  return (name, text, params) =>
    client._runExclusiveTransaction(() =>
      client.runExclusive(async () => {
        const first = !name || !parsed.has(name);
        const { messages } = await client.execProtocol(messagesFor(first ? undefined : name, name, text, params));
        if (first && name) parsed.add(name);
        return toRows(messages);
      }),
    );
}
