import { isOperatorAllowedHost } from './destination';

/*
 * Which URLs a channel may use. The rule for Discord and Slack: the service's own host over https, OR a host the
 * operator allowed (NOTIFICATIONS_ALLOWED_HOSTS: a self-hosted relay, or the stand-in servers in tests) with the
 * service's path shape, over http or https. A generic webhook must be https, except to an operator-allowed host
 * (a receiver on the operator's own network often has no certificate); plain http to the internet is refused
 * because the message crosses it readable and alterable (the signature detects alteration, not reading).
 */

export type TargetCheck = { ok: true; url: URL } | { ok: false; reason: string };

const DISCORD_HOSTS = new Set(['discord.com', 'discordapp.com', 'ptb.discord.com', 'canary.discord.com']);
const DISCORD_PATH = /^\/api\/(v\d{1,2}\/)?webhooks\/\d{1,25}\/[A-Za-z0-9_-]{1,100}\/?$/;
const SLACK_HOSTS = new Set(['hooks.slack.com']);
const SLACK_PATH = /^\/services\/[A-Za-z0-9]{1,30}\/[A-Za-z0-9]{1,30}\/[A-Za-z0-9]{1,100}\/?$/;

function parse(text: string): URL | undefined {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

function common(url: URL | undefined, what: string): TargetCheck {
  if (!url) return { ok: false, reason: `${what} must be an http:// or https:// URL` };
  if (url.username !== '' || url.password !== '') {
    return { ok: false, reason: `${what} must not contain a user name or password` };
  }
  url.hash = '';
  return { ok: true, url };
}

export function checkWebhookUrl(text: string, allowedHosts: readonly string[]): TargetCheck {
  const parsed = common(parse(text), 'The webhook URL');
  if (!parsed.ok) return parsed;
  const { url } = parsed;
  if (url.protocol === 'http:' && !isOperatorAllowedHost(url.hostname, allowedHosts)) {
    return {
      ok: false,
      reason: 'The webhook URL must use https:// (plain http is allowed only to hosts in NOTIFICATIONS_ALLOWED_HOSTS)',
    };
  }
  return parsed;
}

function serviceUrl(
  text: string,
  allowedHosts: readonly string[],
  hosts: Set<string>,
  path: RegExp,
  what: string,
  example: string,
  keepQuery: boolean,
): TargetCheck {
  const parsed = common(parse(text), what);
  const shape: TargetCheck = { ok: false, reason: `${what} must look like ${example}` };
  if (!parsed.ok) return shape;
  const { url } = parsed;
  if (!path.test(url.pathname)) return shape;
  if (!keepQuery) url.search = '';
  const serviceHost = hosts.has(url.hostname.toLowerCase()) && url.protocol === 'https:' && url.port === '';
  if (serviceHost || isOperatorAllowedHost(url.hostname, allowedHosts)) return parsed;
  return shape;
}

export function checkDiscordUrl(text: string, allowedHosts: readonly string[]): TargetCheck {
  return serviceUrl(
    text,
    allowedHosts,
    DISCORD_HOSTS,
    DISCORD_PATH,
    'A Discord webhook URL',
    'https://discord.com/api/webhooks/{id}/{token}',
    true,
  );
}

export function checkSlackUrl(text: string, allowedHosts: readonly string[]): TargetCheck {
  return serviceUrl(
    text,
    allowedHosts,
    SLACK_HOSTS,
    SLACK_PATH,
    'A Slack incoming webhook URL',
    'https://hooks.slack.com/services/T…/B…/…',
    false,
  );
}

/** A Bot API token: the bot's numeric id, a colon, and its secret part. */
export const TELEGRAM_TOKEN = /^\d{1,20}:[A-Za-z0-9_-]{20,100}$/;
/** A numeric chat id (groups are negative) or a public channel's @username. */
export const TELEGRAM_CHAT = /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{3,31})$/;

/** An email address (one, no display name). */
export const EMAIL_ADDRESS = /^[^\s<>@",;]{1,64}@[^\s<>@",;]+\.[^\s<>@",;]+$/;
