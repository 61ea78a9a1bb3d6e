/**
 * `npm run seed -w api [-- --articles N] [--categories N]`: migrates the database (DATABASE_URL, or
 * PGlite in DATA_DIR like the server) and seeds the demo users, categories and articles (skipped when already there).
 * With `--articles N` it then replaces every article with N generated ones (benchmarks; e.g.
 * `npm run seed:articles -w api` = 1,000,000). With `--categories N` it replaces the generated
 * categories (alias `generated-…`) with N new ones under the root (`npm run bench:categories` uses
 * 2,000). A development tool: the demo users have known passwords.
 */
import { ConfigError, loadConfig } from '../config';
import { createDatabase } from './database';
import { migrateToLatest } from './migrate';
import { totpSecretKey } from '../lib/secret-box';
import { seedDemo } from './seed';
import { bulkArticleCount, seedBulkArticles } from './seed-articles';
import { categoriesSeedRepository } from '../repositories/categories';

function parseArgs(argv: string[]): { articles: number | undefined; categories: number | undefined; force: boolean } {
  let articles: number | undefined;
  let categories: number | undefined;
  let force = false;
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] as string;
    if (arg === '--force') force = true;
    else if (arg === '--articles' || arg.startsWith('--articles=')) {
      const raw = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[++index];
      const value = Number(raw?.replace(/_/g, ''));
      if (!Number.isSafeInteger(value) || value < 1 || value > 50_000_000) {
        throw new ConfigError(`--articles needs a whole number from 1 to 50000000 (got "${raw ?? ''}")`);
      }
      articles = value;
    } else if (arg === '--categories' || arg.startsWith('--categories=')) {
      const raw = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[++index];
      const value = Number(raw?.replace(/_/g, ''));
      if (!Number.isSafeInteger(value) || value < 0 || value > 100_000) {
        throw new ConfigError(`--categories needs a whole number from 0 to 100000 (got "${raw ?? ''}")`);
      }
      categories = value;
    } else if (arg === '--help' || arg === '-h') {
      console.log('Usage: npm run seed -w api [-- --articles N [--force]] [--categories N]');
      process.exit(0);
    } else throw new ConfigError(`Unknown argument ${arg}`);
  }
  return { articles, categories, force };
}

async function main(): Promise<void> {
  const { articles, categories, force } = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  const handle = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  try {
    const applied = await migrateToLatest(handle.db, { totpKey: () => totpSecretKey(config.secretKey, config.dataDir) });
    console.log(`${where}: ${applied.length ? `migrated (${applied.join(', ')})` : 'schema up to date'}`);
    const demo = await seedDemo(handle.db);
    console.log(demo.seeded ? `Demo data seeded (version ${demo.version})` : 'Demo data already there');
    if (articles !== undefined) {
      if (!force && (await bulkArticleCount(handle.db)) === articles) {
        console.log(`${articles} generated articles already there (--force seeds them again)`);
      } else {
        await seedBulkArticles(handle.db, articles, { log: (line) => console.log(`  ${line}`) });
      }
    }
    if (categories !== undefined) {
      const shape = await categoriesSeedRepository.replaceGenerated(handle.db, categories);
      console.log(
        `  ${categories} generated categories (${shape.sections} sections, ${shape.subSections} sub-sections, ${shape.leaves} leaves)`,
      );
    }
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Error: ${error.message}` : error);
  process.exit(1);
});
