import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/client';
import { startServer } from './server';
import { DEMO_PASSWORD, DEMO_USERS } from './seed/core';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const webDist = config.WEB_DIST ?? path.resolve(here, '../../web/dist');
  let server;
  try {
    server = await startServer(config, { webDist });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(3);
    }
    throw err;
  }
  const address = config.PUBLIC_URL;
  console.log(`\nPortal ready on ${address}/ui/home (database: ${server.ctx.database.kind})`);
  if (config.seedDemo) {
    console.log(`Demo sign-ins (password ${DEMO_PASSWORD} for each):`);
    for (const u of DEMO_USERS) console.log(`  ${u.username.padEnd(10)} ${u.note}`);
  }

  let signals = 0;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (signals++ > 0) process.exit(1);
      server.app.log.info({ signal }, 'shutting down');
      server.stop().then(
        () => process.exit(0),
        (err: unknown) => {
          console.error(err);
          process.exit(1);
        },
      );
    });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
