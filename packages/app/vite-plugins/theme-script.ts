import type { Plugin } from 'vite';
import { themeScript } from '../../dashboard-kit/src/theme/theme-script';

const FILE_NAME = 'theme-init.js';

/**
 * Serves the kit's pre-paint theme script as an external file (`/theme-init.js`): the strict CSP
 * forbids inline scripts, and a render-blocking external script in <head> still runs before paint.
 */
export function themeScriptPlugin(): Plugin {
  return {
    name: 'signaldeck:theme-script',
    configureServer(server) {
      server.middlewares.use(`/${FILE_NAME}`, (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
        res.end(themeScript);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: FILE_NAME, source: themeScript });
    },
  };
}
