import { vanillaExtractPlugin } from '@vanilla-extract/esbuild-plugin';
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    tokens: 'src/tokens.ts',
    'theme-script': 'src/theme/theme-script.ts',
  },
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  treeshake: true,
  splitting: true,
  external: ['react', 'react-dom', 'react/jsx-runtime'],
  // Styles are extracted at build time into one stylesheet; consumers import `dashboard-kit/styles.css`.
  esbuildPlugins: [vanillaExtractPlugin({ identifiers: 'short' })],
});
