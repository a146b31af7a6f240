#!/usr/bin/env node
/**
 * Publishing check for dashboard-kit: packs the kit exactly as it would be published, lints the
 * tarball (publint, Are the Types Wrong?), then installs it into a fresh Vite + React app that has
 * no vanilla-extract setup and type-checks and builds that app.
 *
 * The fresh app needs react, vite and typescript from the npm registry. They come through an npm
 * cache kept under node_modules/.cache, so a re-run downloads nothing new; if the registry cannot
 * be reached (and the cache cannot serve the install) the check fails: it never skips.
 *
 * `pnpm --filter dashboard-kit check:package`; also the last step of the kit's `test` script.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const kitDir = fileURLToPath(new URL('..', import.meta.url));
const workspaceDir = join(kitDir, '../..');
const npmCacheDir = join(kitDir, 'node_modules/.cache/package-check-npm');
// A declaration every build of the stylesheet must contain: the dark theme's page background.
const KIT_CSS_MARKER = /--dk-color-background:\s*[^;}\s]/;
const THEME_SCRIPT_FILE = 'theme-init.js';

const startedAt = performance.now();
const workDir = await mkdtemp(join(tmpdir(), 'dashboard-kit-package-'));

class CheckFailure extends Error {}

function seconds(since) {
  return `${((performance.now() - since) / 1000).toFixed(1)}s`;
}

/** Runs a command to completion, capturing its output; never throws on a non-zero exit. */
function run(command, args, { cwd, env = process.env } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ code: -1, output: `${output}${error.message}\n` }));
    child.on('close', (code) => resolve({ code: code ?? -1, output }));
  });
}

async function step(name, action) {
  const since = performance.now();
  process.stdout.write(`- ${name} ... `);
  try {
    const note = await action();
    console.log(`ok (${seconds(since)})${note ? `: ${note}` : ''}`);
  } catch (error) {
    console.log(`FAILED (${seconds(since)})`);
    throw error;
  }
}

function expectSuccess(result, what) {
  if (result.code !== 0) throw new CheckFailure(`${what} exited with ${result.code}:\n${result.output.trimEnd()}`);
  return result.output;
}

/**
 * The environment for npm in the fresh app: without what pnpm tells its own scripts (user agent,
 * lifecycle, this package's fields), but with any registry or proxy settings the user has.
 */
function npmEnv() {
  const pnpmScriptVariable = /^npm_(package_|lifecycle_|command$|execpath$|node_execpath$|config_user_agent$)/i;
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !pnpmScriptVariable.test(key)));
  return { ...env, npm_config_cache: npmCacheDir, npm_config_update_notifier: 'false' };
}

function withoutSourceCondition(exportsField) {
  return JSON.parse(JSON.stringify(exportsField, (key, value) => (key === 'source' ? undefined : value)));
}

function exportTargets(exportsField) {
  if (typeof exportsField === 'string') return [exportsField];
  return Object.values(exportsField ?? {}).flatMap((value) => exportTargets(value));
}

const kitManifest = JSON.parse(await readFile(join(kitDir, 'package.json'), 'utf8'));
const appManifest = JSON.parse(await readFile(join(workspaceDir, 'packages/app/package.json'), 'utf8'));
const kitDevDependencies = kitManifest.devDependencies;
// The fresh app uses the same ranges as the workspace, so it tests what our own users would install.
const freshAppDependencies = {
  react: kitDevDependencies.react,
  'react-dom': kitDevDependencies['react-dom'],
};
const freshAppDevDependencies = {
  '@types/react': kitDevDependencies['@types/react'],
  '@types/react-dom': kitDevDependencies['@types/react-dom'],
  '@vitejs/plugin-react': appManifest.devDependencies['@vitejs/plugin-react'],
  typescript: kitDevDependencies.typescript,
  vite: appManifest.devDependencies.vite,
};

const freshAppFiles = {
  'index.html': `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <script src="/${THEME_SCRIPT_FILE}"></script>
    <title>dashboard-kit consumer</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.tsx"></script>
  </body>
</html>
`,
  // Plain JS so the config is loaded by Node's own resolver: the CSS-free entry must work there.
  'vite.config.js': `import react from '@vitejs/plugin-react';
import { themeScript } from 'dashboard-kit/theme-script';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    react(),
    {
      name: 'theme-script',
      generateBundle() {
        this.emitFile({ type: 'asset', fileName: '${THEME_SCRIPT_FILE}', source: themeScript });
      },
    },
  ],
});
`,
  'tsconfig.json': `${JSON.stringify(
    {
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        module: 'ESNext',
        moduleResolution: 'Bundler',
        jsx: 'react-jsx',
        strict: true,
        noUncheckedIndexedAccess: true,
        exactOptionalPropertyTypes: true,
        isolatedModules: true,
        verbatimModuleSyntax: true,
        // The kit's declaration files are checked too, not only our use of them.
        skipLibCheck: false,
        noEmit: true,
        types: ['vite/client'],
      },
      include: ['src'],
    },
    null,
    2,
  )}\n`,
  'src/main.tsx': `import 'dashboard-kit/styles.css';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import {
  Button,
  CandlestickChart,
  CandlestickChartIcon,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Sidebar,
  SidebarContent,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarInset,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarProvider,
  SidebarTrigger,
  ThemeProvider,
  ThemeToggle,
  type Candle,
  type ChartMarker,
} from 'dashboard-kit';
import { vars } from 'dashboard-kit/tokens';

const MINUTE = 60_000;
const start = Date.UTC(2026, 0, 5, 9, 0);
const candles: Candle[] = [100, 101.5, 100.8, 102.2, 103].map((open, index) => ({
  time: start + index * MINUTE,
  open,
  high: open + 1.2,
  low: open - 0.9,
  close: open + 0.6,
  volume: 12 + index,
}));
const markers: ChartMarker[] = [];

function Dashboard() {
  const [refreshes, setRefreshes] = useState(0);
  return (
    <SidebarProvider>
      <Sidebar collapsible="icon">
        <SidebarContent>
          <SidebarGroup>
            <SidebarGroupLabel>Markets</SidebarGroupLabel>
            <SidebarMenu>
              <SidebarMenuItem>
                <SidebarMenuButton isActive tooltip="BTC/USD">
                  <CandlestickChartIcon />
                  <span>BTC/USD</span>
                </SidebarMenuButton>
              </SidebarMenuItem>
            </SidebarMenu>
          </SidebarGroup>
        </SidebarContent>
      </Sidebar>
      <SidebarInset>
        <header style={{ display: 'flex', gap: vars.space['2'], padding: vars.space['4'] }}>
          <SidebarTrigger />
          <ThemeToggle />
          <Button variant="outline" size="sm" onClick={() => setRefreshes((count) => count + 1)}>
            Refresh ({refreshes})
          </Button>
        </header>
        <Card>
          <CardHeader>
            <CardTitle>BTC/USD</CardTitle>
          </CardHeader>
          <CardContent>
            <CandlestickChart symbol="BTC/USD" interval="1m" candles={candles} markers={markers} height={320} />
          </CardContent>
        </Card>
      </SidebarInset>
    </SidebarProvider>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <ThemeProvider>
      <Dashboard />
    </ThemeProvider>
  </StrictMode>,
);
`,
};

let tarballPath = '';
const appDir = join(workDir, 'app');

async function packKit() {
  // prepack builds dist/ with tsup (after refusing any packer but pnpm), so this is the published build.
  expectSuccess(await run('pnpm', ['pack', '--pack-destination', workDir], { cwd: kitDir }), 'pnpm pack');
  const tarballs = (await readdir(workDir)).filter((name) => name.endsWith('.tgz'));
  if (tarballs.length !== 1) throw new CheckFailure(`expected one tarball in ${workDir}, found ${tarballs.length}`);
  tarballPath = join(workDir, tarballs[0]);
  return tarballs[0];
}

async function inspectPackedManifest() {
  const listing = expectSuccess(await run('tar', ['-tzf', tarballPath]), 'tar -t');
  const files = new Set(listing.split('\n').filter(Boolean));
  const manifestText = expectSuccess(await run('tar', ['-xzOf', tarballPath, 'package/package.json']), 'tar -x');
  const packed = JSON.parse(manifestText);
  const problems = [];

  if (JSON.stringify(packed.exports ?? {}).includes('"source"')) {
    problems.push('the packed exports still have `source` conditions (they point into src/, which is not published)');
  }
  const expectedExports = withoutSourceCondition(kitManifest.exports);
  if (JSON.stringify(packed.exports) !== JSON.stringify(expectedExports)) {
    problems.push(
      'publishConfig.exports has drifted from exports: it must be exports without the `source` conditions\n' +
        `  expected: ${JSON.stringify(expectedExports)}\n  packed:   ${JSON.stringify(packed.exports)}`,
    );
  }
  for (const target of new Set([...exportTargets(packed.exports), packed.main, packed.module, packed.types])) {
    if (target && !files.has(`package/${target.replace(/^\.\//, '')}`)) {
      problems.push(`${target} is named in package.json but is not in the tarball`);
    }
  }
  for (const required of ['README.md', 'LICENSE', 'CHANGELOG.md']) {
    if (!files.has(`package/${required}`)) problems.push(`${required} is not in the tarball`);
  }
  const leaked = [...files].filter((file) => /^package\/(src|scripts|bench)\//.test(file));
  if (leaked.length > 0) problems.push(`workspace-only files in the tarball: ${leaked.slice(0, 5).join(', ')}`);
  // Without a match, bundlers honouring `sideEffects` may drop `import 'dashboard-kit/styles.css'`.
  if (!(packed.sideEffects ?? []).some((pattern) => pattern === '**/*.css' || pattern === '*.css')) {
    problems.push('sideEffects must keep the stylesheet (`**/*.css`) so its import is never tree-shaken');
  }

  if (problems.length > 0) throw new CheckFailure(problems.map((problem) => `  ${problem}`).join('\n'));
  return `${files.size} files, exports without \`source\``;
}

async function runPublint() {
  const result = await run('pnpm', ['exec', 'publint', 'run', tarballPath, '--level', 'suggestion', '--strict'], {
    cwd: kitDir,
  });
  // publint exits 0 on suggestions; any message at all counts as a problem here.
  if (result.code !== 0 || !result.output.includes('All good!')) {
    throw new CheckFailure(`publint reported problems:\n${result.output.trimEnd()}`);
  }
}

async function runAttw() {
  // The kit is ESM-only ("type": "module", one `default` condition per entry, no `require`), a
  // deliberate choice for a React 18+/19 library consumed by bundlers. The esm-only profile skips
  // the CommonJS resolutions (node10, node16 from CJS), which could only report that ESM is ESM;
  // node16-from-ESM and bundler resolution are still checked in full. styles.css has no types to find.
  const result = await run(
    'pnpm',
    ['exec', 'attw', tarballPath, '--profile', 'esm-only', '--exclude-entrypoints', 'styles.css', '--format', 'table'],
    { cwd: kitDir },
  );
  expectSuccess(result, 'attw');
}

async function installFreshApp() {
  await mkdir(join(appDir, 'src'), { recursive: true });
  const manifest = {
    name: 'dashboard-kit-consumer',
    private: true,
    type: 'module',
    dependencies: { 'dashboard-kit': `file:${tarballPath}`, ...freshAppDependencies },
    devDependencies: freshAppDevDependencies,
  };
  await writeFile(join(appDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  for (const [file, text] of Object.entries(freshAppFiles)) await writeFile(join(appDir, file), text);

  const result = await run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', '--fetch-retries=1', '--fetch-timeout=30000'],
    { cwd: appDir, env: npmEnv() },
  );
  if (result.code === 0) return;
  // npm often reports a registry it cannot reach as some other error (ERESOLVE on "react@undefined"),
  // so ask the registry directly before blaming the package.
  const ping = await run('npm', ['ping', '--fetch-retries=0', '--fetch-timeout=10000'], { cwd: appDir, env: npmEnv() });
  if (ping.code !== 0) {
    throw new CheckFailure(
      'cannot reach the npm registry, which this check needs to install react, vite and typescript for the ' +
        'fresh app (and its npm cache could not serve them). The package was NOT verified: fix the network ' +
        `or the registry setting and run the check again.\n${ping.output.trimEnd()}`,
    );
  }
  expectSuccess(result, 'npm install');
}

async function importCssFreeEntriesInNode() {
  const script = `
    const { themeScript, THEME_STORAGE_KEY } = await import('dashboard-kit/theme-script');
    const { vars } = await import('dashboard-kit/tokens');
    if (!themeScript.includes(THEME_STORAGE_KEY)) throw new Error('themeScript does not read ' + THEME_STORAGE_KEY);
    if (vars.color.background !== 'var(--dk-color-background)') throw new Error('unexpected vars: ' + vars.color.background);
  `;
  expectSuccess(await run('node', ['--input-type=module', '-e', script], { cwd: appDir }), 'node import');
}

async function typecheckFreshApp() {
  expectSuccess(await run(join(appDir, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], { cwd: appDir }), 'tsc');
}

async function buildFreshApp() {
  expectSuccess(await run(join(appDir, 'node_modules/.bin/vite'), ['build'], { cwd: appDir }), 'vite build');
  const assetsDir = join(appDir, 'dist/assets');
  const assets = await readdir(assetsDir);
  const cssFiles = assets.filter((name) => name.endsWith('.css'));
  const css = (await Promise.all(cssFiles.map((name) => readFile(join(assetsDir, name), 'utf8')))).join('\n');
  if (!KIT_CSS_MARKER.test(css)) {
    throw new CheckFailure(
      `the built app has no kit stylesheet (no --dk-color-background declaration in ${cssFiles.join(', ') || 'any .css file'})`,
    );
  }
  if (!assets.some((name) => name.endsWith('.js'))) throw new CheckFailure('the built app has no JavaScript bundle');
  if (!existsSync(join(appDir, 'dist', THEME_SCRIPT_FILE))) {
    throw new CheckFailure(
      `the built app has no ${THEME_SCRIPT_FILE} (the pre-paint script from dashboard-kit/theme-script)`,
    );
  }
  const kib = (css.length / 1024).toFixed(0);
  return `${cssFiles.length} stylesheet(s), ${kib} KiB of CSS with the kit's tokens`;
}

console.log(`dashboard-kit package check (work dir ${workDir})`);
try {
  await step('build (tsup, in prepack) and pnpm pack', packKit);
  await step('packed package.json and file list', inspectPackedManifest);
  // The install mostly waits on disk and network: let the two linters use the CPU meanwhile.
  const install = installFreshApp();
  install.catch(() => {});
  await step('publint', runPublint);
  await step('attw --profile esm-only', runAttw);
  await step('npm install of the tarball into a fresh Vite + React app', () => install);
  await step('import the CSS-free entries in Node', importCssFreeEntriesInNode);
  await step('tsc --noEmit (strict) on the fresh app', typecheckFreshApp);
  await step('vite build of the fresh app', buildFreshApp);
} catch (error) {
  console.error(`\n${error instanceof CheckFailure ? error.message : (error?.stack ?? error)}`);
  console.error(`\ndashboard-kit package check FAILED after ${seconds(startedAt)}; files kept in ${workDir}`);
  process.exit(1);
}
await rm(workDir, { recursive: true, force: true });
console.log(`dashboard-kit package check passed in ${seconds(startedAt)}`);
