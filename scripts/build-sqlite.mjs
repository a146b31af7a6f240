// Makes the embedded database's driver loadable by the Node that runs it: the root's postinstall, and the first
// step of `pnpm build` (so `pnpm start` after switching Node versions rebuilds it instead of failing to load it).
//
// Two builds of better-sqlite3 are installed (packages/server/src/db/sqlite-driver.ts says why): Node 22 and later
// run 13.x (`better-sqlite3-napi`, Node-API, with prebuilt binaries in its package), Node 20 runs 12.x
// (`better-sqlite3`), which has to be compiled. Install scripts of both are turned off in pnpm-workspace.yaml,
// because on a machine that reaches only the package registry 12.x's own script downloads from elsewhere: the
// prebuilt binary from GitHub, and Node's headers for node-gyp. Here, for the build this Node runs:
//   1. a module that already loads is kept (a repeated install costs nothing; 13.x loads as shipped);
//   2. a prebuilt binary is fetched when the machine can reach it (12.x, most machines with internet);
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
// The same choice as packages/server/src/db/sqlite-driver.ts.
const driver = Number(process.versions.node.split('.')[0]) >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3';
const packageDir = path.dirname(requireFromServer.resolve(`${driver}/package.json`));

function loads() {
  const probe = `const Database = require(${JSON.stringify(packageDir)}); new Database(':memory:').close();`;
  return spawnSync(process.execPath, ['-e', probe], { stdio: 'ignore' }).status === 0;
}

function run(label, args, env = process.env) {
  console.log(`${driver}: ${label}`);
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

const prebuildInstall = (() => {
  try {
    return createRequire(path.join(packageDir, 'package.json')).resolve('prebuild-install/bin.js');
  } catch {
    return undefined; // 13.x ships its binaries instead
  }
})();
if (prebuildInstall && run('fetching a prebuilt binary', [prebuildInstall]) && loads()) process.exit(0);

const nodeGyp = createRequire(path.join(root, 'package.json')).resolve('node-gyp/bin/node-gyp.js');
const nodedir = process.env.npm_config_nodedir || localHeadersPrefix();
const env = nodedir ? { ...process.env, npm_config_nodedir: nodedir } : process.env;
const where = nodedir ? `Node's headers in ${nodedir}` : "Node's headers (downloaded)";
if (run(`compiling with node-gyp against ${where}`, [nodeGyp, 'rebuild', '--release'], env) && loads()) process.exit(0);

console.error(`${driver}: the native module could not be built; see the output above.`);
process.exit(1);
