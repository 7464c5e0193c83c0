// The peers of `npm run bench` (bench/run-all.mjs), each a bare Fastify 5 app in its own process:
//   node bench/support/peer.mjs healthz <port> [<JSON object of response headers>]
//   node --import tsx bench/support/peer.mjs customers <port> <database url>
// `customers` answers the paged customer list with exactly the statements the portal runs: the SQL is not
// written here but taken from the portal's own listCustomers (apps/server), through a database whose
// statement listener records each statement and its parameters (the portal runs its page as a named
// prepared statement, decision 0993; the peer sends the same text and parameters unnamed, as before). The first request for a query string captures them;
// every later one sends the captured text and parameters straight to pg, both at once as the portal does,
// with no hooks, no validation and no session: what the list costs at least.
import Fastify from 'fastify';
import pg from 'pg';

const [mode, port, arg] = process.argv.slice(2);
const app = Fastify({ logger: false });

if (mode === 'healthz') {
  // With a JSON object of headers (the portal's own security headers), every answer carries them too: the
  // peer then differs from the portal by its hooks only, not by the bytes of the answer.
  const headers = arg ? JSON.parse(arg) : undefined;
  if (headers) app.addHook('onRequest', async (_req, reply) => void reply.headers(headers));
  app.get('/healthz', async () => ({ status: 'ok' }));
} else if (mode === 'customers') {
  const { postgresDatabase } = await import('../../apps/server/src/db/client.ts');
  const { listCustomers } = await import('../../apps/server/src/modules/customers/service/customers.ts');
  const { customerListQuerySchema } = await import('@fc/contract/customers');

  const pool = new pg.Pool({ connectionString: arg, max: 10 });
  /**
   * The portal's page statement for one query string, among those listCustomers issues (the page, and its
   * count or the planner's estimate of a wide list, decision 0600). The peer runs only the page (issue 22's peer: a
   * raw handler that runs only the page query).
   */
  const statements = new Map();
  async function capture(query) {
    const captured = [];
    const database = postgresDatabase(pool);
    const stop = database.onStatement((text, values) => captured.push({ text, values: [...(values ?? [])] }));
    try {
      await listCustomers({ db: database.db, database, config: { LIST_EXACT_COUNT_MAX: 10_000 } }, customerListQuerySchema.parse(query));
    } finally {
      stop();
    }
    if (captured.length < 2) throw new Error(`listCustomers ran ${captured.length} statements, expected 2 or more`);
    return captured;
  }
  app.get('/framework/customers', async (req) => {
    const key = req.url;
    if (!statements.has(key)) statements.set(key, await capture(req.query));
    const page = statements.get(key).find((st) => /^select\b/i.test(st.text) && !/count\(/i.test(st.text));
    const rows = await pool.query({ text: page.text, values: page.values });
    return { data: rows.rows.map((r) => ({ type: 'customers', id: String(r.cust_no), attributes: r })) };
  });
  app.get('/statements', async () => Object.fromEntries(statements));
} else {
  throw new Error(`unknown peer ${mode}`);
}

await app.listen({ host: '127.0.0.1', port: Number(port) });
process.send?.({ type: 'ready' });
