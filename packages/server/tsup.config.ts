import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/main.ts'],
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  clean: true,
  sourcemap: true,
  // Runtime dependencies (native better-sqlite3 and argon2 among them) are loaded from node_modules, not bundled.
  skipNodeModulesBundle: true,
});
