import fs from 'node:fs/promises';
import { adminQuery, ENV_PG_TEMPLATE, quoteIdent } from './database-env';

export default async function globalTeardown(): Promise<void> {
  const root = process.env.NEWSDESK_TEST_TEMPLATE_ROOT;
  if (root) await fs.rm(root, { recursive: true, force: true });
  const template = process.env[ENV_PG_TEMPLATE];
  if (template && process.env.TEST_DATABASE_URL) {
    await adminQuery(`DROP DATABASE IF EXISTS ${quoteIdent(template)} WITH (FORCE)`);
  }
}
