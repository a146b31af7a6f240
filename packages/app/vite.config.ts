import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { themeScriptPlugin } from './vite-plugins/theme-script';

const apiTarget = process.env.SIGNALDECK_API ?? 'http://127.0.0.1:3001';

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin(), themeScriptPlugin()],
  resolve: {
    // Compile the kit from source (its `source` export condition) so the app and the kit share one build.
    conditions: ['source', ...defaultClientConditions],
  },
  // The server swaps this placeholder for a fresh nonce in every page response (strict CSP, no 'unsafe-inline').
  html: { cspNonce: 'SIGNALDECK_CSP_NONCE' },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 700,
  },
});
