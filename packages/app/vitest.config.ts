import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  test: {
    environment: 'jsdom',
    globals: true,
    css: true,
    setupFiles: ['./src/test/setup.ts'],
    // The real SignalDeck server, started once; the app's tests talk to it (src/test/api-server.ts).
    globalSetup: ['./src/test/api-server.global.ts'],
    unstubGlobals: true,
    include: ['src/**/*.test.{ts,tsx}'],
    // Vitest's default is one worker fewer than the cores: on a 2-core machine, one. Files run two at a time.
    maxWorkers: 2,
  },
});
