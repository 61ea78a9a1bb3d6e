import { execFileSync } from 'node:child_process';
import path from 'node:path';

// jest's globalSetup runs outside its module mapper, so the API sources it loads (migrations, the demo
// seed) reach the contracts through their compiled build (the package's default condition): compile
// them first, so a fresh clone and a changed rule both work (~2 s).
execFileSync(
  process.execPath,
  [require.resolve('typescript/bin/tsc'), '-p', path.join(__dirname, '..', '..', 'contracts', 'tsconfig.build.json'), '--noCheck'],
  { stdio: 'inherit' },
);
