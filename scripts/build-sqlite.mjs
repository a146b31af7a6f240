// Builds better-sqlite3's native module for the Node that runs it: the root's postinstall, and the first step of
// `pnpm build` (so `pnpm start` after switching Node versions rebuilds it instead of failing to load it).
//
// The package's own install script (prebuild-install, else node-gyp) is turned off in
// pnpm-workspace.yaml, because on a machine that reaches only the package registry both of its steps
// download from elsewhere: the prebuilt binary from GitHub, and Node's headers for node-gyp. Here:
//   1. a module that already loads is kept (a repeated install costs nothing);
//   2. a prebuilt binary is fetched when the machine can reach it (most machines with internet);
//   3. else node-gyp compiles it against the headers that ship with this Node install
//      (<prefix>/include/node: official tarballs, Debian and NodeSource packages, nvm, the registry's
//      node-linux-* packages), and only downloads headers when there are none.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const requireFromServer = createRequire(path.join(root, 'packages/server/package.json'));
const packageDir = path.dirname(requireFromServer.resolve('better-sqlite3/package.json'));

function loads() {
  const probe = `const Database = require(${JSON.stringify(packageDir)}); new Database(':memory:').close();`;
  return spawnSync(process.execPath, ['-e', probe], { stdio: 'ignore' }).status === 0;
}

function run(label, args, env = process.env) {
  console.log(`better-sqlite3: ${label}`);
  return (
    spawnSync(process.execPath, args, { cwd: packageDir, stdio: 'inherit', env, timeout: 15 * 60_000 }).status === 0
  );
}

/** The install prefix whose include/node holds headers of exactly this Node version, if any. */
function localHeadersPrefix() {
  const prefix = path.resolve(path.dirname(process.execPath), '..');
  const header = path.join(prefix, 'include', 'node', 'node_version.h');
  if (!existsSync(header)) return undefined;
  const text = readFileSync(header, 'utf8');
  const part = (name) => new RegExp(`#define\\s+NODE_${name}_VERSION\\s+(\\d+)`).exec(text)?.[1];
  return `v${part('MAJOR')}.${part('MINOR')}.${part('PATCH')}` === process.version ? prefix : undefined;
}

if (loads()) process.exit(0);

const requireFromPackage = createRequire(path.join(packageDir, 'package.json'));
const prebuildInstall = requireFromPackage.resolve('prebuild-install/bin.js');
if (run('fetching a prebuilt binary', [prebuildInstall]) && loads()) process.exit(0);

const nodeGyp = createRequire(path.join(root, 'package.json')).resolve('node-gyp/bin/node-gyp.js');
const nodedir = process.env.npm_config_nodedir || localHeadersPrefix();
const env = nodedir ? { ...process.env, npm_config_nodedir: nodedir } : process.env;
const where = nodedir ? `Node's headers in ${nodedir}` : "Node's headers (downloaded)";
if (run(`compiling with node-gyp against ${where}`, [nodeGyp, 'rebuild', '--release'], env) && loads()) process.exit(0);

console.error('better-sqlite3: the native module could not be built; see the output above.');
process.exit(1);
