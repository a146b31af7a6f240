import type { Migration } from './helpers';

export const up: Migration['up'] = async (db) => {
  // What Account > Active sessions shows of each sign-in: the browser's User-Agent (at most 512 characters, shown
  // as text only) and the client's IP address as the server saw it. Null for tokens issued before this migration.
  await db.schema.alterTable('personal_access_tokens').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('personal_access_tokens').addColumn('ip', 'text').execute();
};
