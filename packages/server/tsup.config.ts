import { defineConfig } from 'tsup';

export default defineConfig({
  // The SQLite ingest's thread is a module of its own, loaded by path beside the code that starts it (sqlite-ingest.ts).
  entry: { main: 'src/main.ts', 'sqlite-ingest-thread': 'src/modules/signals/sqlite-ingest-thread.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  clean: true,
  sourcemap: true,
  // Runtime dependencies (native better-sqlite3 and argon2 among them) are loaded from node_modules, not bundled.
  skipNodeModulesBundle: true,
});
