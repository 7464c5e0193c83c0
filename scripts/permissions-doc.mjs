/**
 * Writes docs/permissions.md from the contract's table of writes (packages/contract/src/core/writes.ts).
 * `npm run docs:permissions`; apps/server/test/security/least-privilege.test.ts fails when the file is stale.
 */
import fs from 'node:fs';
import { permissionsDocument } from '@fc/contract';

const target = new URL('../docs/permissions.md', import.meta.url);
fs.writeFileSync(target, permissionsDocument());
console.log(`wrote ${target.pathname}`);
