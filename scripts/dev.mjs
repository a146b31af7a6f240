#!/usr/bin/env node
// `pnpm dev`: the API with reload on :3001 and the app with hot reload on :5173 (proxying /api).
import { spawn } from 'node:child_process';

const children = [
  spawn('pnpm', ['--filter', '@signaldeck/server', 'dev'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: process.env.API_PORT ?? '3001' },
  }),
  spawn('pnpm', ['--filter', '@signaldeck/app', 'dev'], { stdio: 'inherit', env: process.env }),
];

function stop(signal) {
  for (const child of children) if (child.exitCode === null) child.kill(signal);
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) {
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
}
