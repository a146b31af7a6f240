#!/usr/bin/env node
/**
 * Docs check (`pnpm test:docs`), over README.md, docs/**\/*.md and packages/*\/README.md:
 *
 * - every relative link (and image, reference definition, HTML href/src) must reach an existing
 *   file or folder; a `#fragment` on a Markdown target must name one of its headings, slugged the
 *   way GitHub does it;
 * - every fenced block whose info string is `ts check` or `tsx check` is type-checked: each is
 *   written to a module of its own where the workspace's packages resolve (`dashboard-kit` from
 *   source), and one `tsc --noEmit` run covers them all. A checked block must be self-contained:
 *   it imports everything it uses;
 * - every `sh run` block is read, never run: each `pnpm <script>` it names must be a script of the
 *   package it targets, and each `node <file>` must be an existing file.
 *
 * Prints every failure as file:line and exits non-zero if there is any.
 */
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// Inside the app's node_modules so that, like the app's own code, a block can import
// dashboard-kit (its `source` condition), react, react-dom, react-router-dom and vite.
const blocksDir = join(root, 'packages/app/node_modules/.cache/check-docs');
const CHECK_LANGUAGES = new Set(['ts', 'tsx']);
const RUN_LANGUAGES = new Set(['sh', 'bash', 'shell']);
// pnpm's own commands; anything else after `pnpm` is a script name (as are test and start).
const PNPM_COMMANDS = new Set(
  'add audit bin config create dedupe deploy dlx env exec fetch i import init install install-test it licenses link list ll ls outdated pack patch patch-commit patch-remove prune publish rb rebuild remove rm root self-update server setup store un uninstall unlink up update why approve-builds ignored-builds'.split(
    ' ',
  ),
);
const PNPM_SCRIPT_ALIASES = new Set(['test', 't', 'tst', 'start', 'restart', 'stop']);

const failures = [];
const fail = (file, line, message) => failures.push({ location: `${relative(root, file)}:${line}`, message });

async function markdownFiles() {
  const files = [join(root, 'README.md')];
  async function walk(dir) {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.name.endsWith('.md')) files.push(path);
    }
  }
  await walk(join(root, 'docs'));
  for (const entry of await readdir(join(root, 'packages'), { withFileTypes: true })) {
    const readme = join(root, 'packages', entry.name, 'README.md');
    if (entry.isDirectory() && existsSync(readme)) files.push(readme);
  }
  return files.filter((file) => existsSync(file));
}

/** Splits a Markdown file into prose lines (with their numbers) and fenced code blocks. */
function parseMarkdown(text) {
  const lines = text.split('\n');
  const prose = [];
  const blocks = [];
  let open = null;
  lines.forEach((line, index) => {
    const number = index + 1;
    const fence = /^(\s{0,3})(`{3,}|~{3,})\s*([^`]*)$/.exec(line);
    if (open) {
      if (fence && fence[2][0] === open.marker[0] && fence[2].length >= open.marker.length && !fence[3].trim()) {
        blocks.push({ ...open, code: open.lines.join('\n') });
        open = null;
      } else {
        open.lines.push(open.indent ? line.replace(new RegExp(`^ {0,${open.indent}}`), '') : line);
      }
      return;
    }
    if (fence) {
      const [language = '', ...flags] = fence[3].trim().split(/\s+/);
      open = { line: number, indent: fence[1].length, marker: fence[2], language, flags, lines: [] };
      return;
    }
    prose.push({ number, text: line });
  });
  return { prose, blocks };
}

/** Inline code spans cannot hold links; blank them out (keeping columns) before looking for links. */
function withoutCodeSpans(line) {
  return line.replace(/(`+)(.+?)\1/g, (span) => ' '.repeat(span.length));
}

/** A heading's text as GitHub renders it, then slugged (lowercase, punctuation dropped, spaces to hyphens). */
function githubSlug(heading) {
  const rendered = heading
    .replace(/<[^>]+>/g, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '')
    .replace(/(\*{1,3}|\b_{1,3})(\S[^*]*?)\1/g, '$2')
    .trim();
  return rendered
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

const anchorCache = new Map();
async function anchorsOf(file) {
  if (anchorCache.has(file)) return anchorCache.get(file);
  const { prose } = parseMarkdown(await readFile(file, 'utf8'));
  const anchors = new Set();
  const seen = new Map();
  const add = (slug) => {
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  };
  prose.forEach(({ text }, index) => {
    const atx = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+\s*)?$/.exec(text);
    const next = prose[index + 1];
    if (atx) add(githubSlug(atx[1]));
    else if (text.trim() && next && next.number === prose[index].number + 1 && /^\s{0,3}(=+|-+)\s*$/.test(next.text)) {
      if (!/^\s*([-*+]|\d+\.)\s/.test(text) && !text.includes('|')) add(githubSlug(text));
    }
    for (const match of text.matchAll(/<a\s[^>]*(?:id|name)=["']([^"']+)["']/gi)) anchors.add(match[1]);
  });
  anchorCache.set(file, anchors);
  return anchors;
}

function linksIn(line) {
  const text = withoutCodeSpans(line);
  const targets = [];
  for (const match of text.matchAll(
    /!?\[(?:[^[\]]|\[[^\]]*\])*\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g,
  )) {
    targets.push(match[1].replace(/^<|>$/g, ''));
  }
  const definition = /^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/.exec(text);
  if (definition) targets.push(definition[1].replace(/^<|>$/g, ''));
  for (const match of text.matchAll(/<(?:a|img|link|script)\s[^>]*?(?:href|src)=["']([^"']+)["']/gi))
    targets.push(match[1]);
  return targets;
}

async function checkLinks(file, prose) {
  let count = 0;
  for (const { number, text } of prose) {
    for (const target of linksIn(text)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
      count += 1;
      const [rawPath, fragment] = target.split('#', 2);
      let path;
      try {
        path = decodeURIComponent(rawPath.split('?')[0]);
      } catch {
        fail(file, number, `link "${target}" is not a valid URL`);
        continue;
      }
      const resolved = !path ? file : path.startsWith('/') ? join(root, path) : resolve(dirname(file), path);
      if (!resolved.startsWith(root)) {
        fail(file, number, `link "${target}" leaves the repository`);
        continue;
      }
      if (!existsSync(resolved)) {
        fail(file, number, `link "${target}": ${relative(root, resolved) || '.'} does not exist`);
        continue;
      }
      if (fragment === undefined || !resolved.endsWith('.md') || statSync(resolved).isDirectory()) continue;
      const anchors = await anchorsOf(resolved);
      if (!anchors.has(fragment.toLowerCase()) && !anchors.has(fragment)) {
        fail(file, number, `link "${target}": ${relative(root, resolved)} has no heading "#${fragment}"`);
      }
    }
  }
  return count;
}

const manifestCache = new Map();
async function workspaceManifests() {
  if (manifestCache.size > 0) return manifestCache;
  const read = async (dir) => JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'));
  manifestCache.set('.', await read(root));
  for (const entry of await readdir(join(root, 'packages'), { withFileTypes: true })) {
    const dir = join(root, 'packages', entry.name);
    if (entry.isDirectory() && existsSync(join(dir, 'package.json'))) manifestCache.set(dir, await read(dir));
  }
  return manifestCache;
}

/** Checks the commands of a `sh run` block without running them. */
async function checkRunBlock(file, block) {
  const manifests = await workspaceManifests();
  const rootManifest = manifests.get('.');
  const packages = [...manifests.entries()].filter(([key]) => key !== '.');
  const lines = block.code.split('\n');
  for (const [offset, line] of lines.entries()) {
    const number = block.line + 1 + offset;
    const commands = line.replace(/(^|\s)#.*$/, '').split(/&&|\|\||;|\|/);
    for (const command of commands) {
      const words = command.trim().split(/\s+/).filter(Boolean);
      while (words[0] && /^[A-Z_][A-Z0-9_]*=/.test(words[0])) words.shift();
      if (words[0] === 'node' && words[1] && !words[1].startsWith('-')) {
        if (!existsSync(join(root, words[1]))) fail(file, number, `\`node ${words[1]}\`: no such file`);
        continue;
      }
      if (words[0] !== 'pnpm') continue;
      let targets = [['.', rootManifest]];
      let index = 1;
      while (words[index]?.startsWith('-')) {
        const option = words[index];
        if (option === '--filter' || option === '-F') {
          const selector = words[index + 1] ?? '';
          targets = packages.filter(
            ([dir, manifest]) => manifest.name === selector || relative(root, dir) === selector,
          );
          if (targets.length === 0) fail(file, number, `\`pnpm ${option} ${selector}\`: no workspace package matches`);
          index += 2;
        } else if (option === '-r' || option === '--recursive') {
          targets = packages;
          index += 1;
        } else if (option === '-C' || option === '--dir') {
          const dir = resolve(root, words[index + 1] ?? '');
          targets = manifests.has(dir) ? [[dir, manifests.get(dir)]] : [];
          if (targets.length === 0)
            fail(file, number, `\`pnpm ${option} ${words[index + 1]}\`: not a workspace package`);
          index += 2;
        } else {
          index += 1;
        }
      }
      if (targets.length === 0) continue;
      let script = words[index];
      if (script === 'run' || script === 'run-script') script = words[index + 1];
      else if (!script || (PNPM_COMMANDS.has(script) && !PNPM_SCRIPT_ALIASES.has(script))) continue;
      if (!script) continue;
      const scriptName = script === 't' || script === 'tst' ? 'test' : script;
      if (!targets.some(([, manifest]) => manifest.scripts?.[scriptName])) {
        const where = targets
          .map(([dir, manifest]) => (dir === '.' ? 'the root package.json' : manifest.name))
          .join(', ');
        fail(file, number, `\`${words.slice(0, index + 1).join(' ')}\`: no "${scriptName}" script in ${where}`);
      }
    }
  }
}

function run(command, args, options) {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolvePromise({ code: -1, output: `${output}${error.message}` }));
    child.on('close', (code) => resolvePromise({ code: code ?? -1, output }));
  });
}

async function typecheckBlocks(checked) {
  await rm(blocksDir, { recursive: true, force: true });
  await mkdir(blocksDir, { recursive: true });
  const byFile = new Map();
  for (const [index, { file, block }] of checked.entries()) {
    const slug = relative(root, file).replace(/[^a-z0-9]+/gi, '-');
    const name = `${String(index).padStart(3, '0')}-${slug}-L${block.line}.${block.language}`;
    // Every block is a module of its own, even one without imports.
    await writeFile(join(blocksDir, name), `${block.code}\nexport {};\n`);
    byFile.set(name, { file, block });
  }
  const tsconfig = {
    extends: relative(blocksDir, join(root, 'tsconfig.base.json')).split(sep).join('/'),
    compilerOptions: {
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      jsx: 'react-jsx',
      types: ['node', 'vite/client'],
      noEmit: true,
    },
    files: [...byFile.keys()],
  };
  await writeFile(join(blocksDir, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`);
  const tsc = join(root, 'node_modules/.bin/tsc');
  const result = await run(tsc, ['-p', join(blocksDir, 'tsconfig.json'), '--pretty', 'false'], { cwd: blocksDir });
  if (result.code === 0) return;

  let reported = 0;
  for (const line of result.output.split('\n')) {
    const diagnostic = /^(.+?)\((\d+),(\d+)\): error (TS\d+: .*)$/.exec(line);
    if (!diagnostic) continue;
    reported += 1;
    const [, path, row, column, message] = diagnostic;
    const source = byFile.get(path.split(/[\\/]/).pop());
    if (source && resolve(blocksDir, path).startsWith(blocksDir)) {
      fail(
        source.file,
        source.block.line + Number(row),
        `\`${source.block.language} check\` block, column ${column}: ${message}`,
      );
    } else {
      failures.push({
        location: relative(root, resolve(blocksDir, path)),
        message: `(imported by a checked block) ${message}`,
      });
    }
  }
  if (reported === 0) failures.push({ location: 'tsc', message: result.output.trim() || `exited with ${result.code}` });
}

const startedAt = performance.now();
const files = await markdownFiles();
const checked = [];
let linkCount = 0;
let runCount = 0;
for (const file of files) {
  const { prose, blocks } = parseMarkdown(await readFile(file, 'utf8'));
  linkCount += await checkLinks(file, prose);
  for (const block of blocks) {
    if (block.flags.includes('check')) {
      if (CHECK_LANGUAGES.has(block.language)) checked.push({ file, block });
      else fail(file, block.line, `\`check\` is only for ts and tsx blocks, not "${block.language || 'plain'}"`);
    }
    if (block.flags.includes('run')) {
      if (RUN_LANGUAGES.has(block.language)) {
        runCount += 1;
        await checkRunBlock(file, block);
      } else {
        fail(file, block.line, `\`run\` is only for sh blocks, not "${block.language || 'plain'}"`);
      }
    }
  }
}
if (checked.length > 0) await typecheckBlocks(checked);

const elapsed = ((performance.now() - startedAt) / 1000).toFixed(1);
const summary = `${files.length} files, ${linkCount} relative links, ${checked.length} type-checked blocks, ${runCount} sh run blocks`;
if (failures.length > 0) {
  console.error(`docs check: ${failures.length} problem(s) (${summary}, ${elapsed}s)\n`);
  failures.sort((a, b) => a.location.localeCompare(b.location, 'en', { numeric: true }));
  for (const { location, message } of failures) console.error(`  ${location}  ${message}`);
  process.exit(1);
}
await rm(blocksDir, { recursive: true, force: true });
console.log(`docs check passed: ${summary} (${elapsed}s)`);
