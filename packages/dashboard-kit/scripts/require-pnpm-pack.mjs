#!/usr/bin/env node
// prepack guard. The workspace-only `source` export conditions point into src/, which is not
// published; pnpm replaces `exports` with `publishConfig.exports` in the packed package.json,
// npm and yarn classic do not. Packing with anything else would ship conditions that send a
// consumer who also uses a `source` condition to files that do not exist.
const userAgent = process.env.npm_config_user_agent ?? '';

if (!userAgent.startsWith('pnpm/')) {
  console.error(
    `dashboard-kit must be packed and published with pnpm (got "${userAgent || 'unknown'}"): ` +
      'only pnpm applies publishConfig.exports, which keeps the workspace-only `source` conditions out of the package.',
  );
  process.exit(1);
}
