import type {
  CheckDestination,
  ChannelDestination,
  Deliver,
  DeliveryResult,
  NotificationMessage,
  TransportSettings,
} from '../contract';
import { resolveDestination, systemResolver, type Resolver } from './destination';
import { deliverDiscord } from './discord';
import { deliverEmail } from './email';
import { deliverSlack } from './slack';
import { deliverTelegram } from './telegram';
import {
  checkDiscordUrl,
  checkSlackUrl,
  checkWebhookUrl,
  EMAIL_ADDRESS,
  TELEGRAM_CHAT,
  TELEGRAM_TOKEN,
} from './targets';
import { deliverWebhook } from './webhook';

export { generateChannelSecret, signWebhook } from './webhook';

/** What a delivery depends on outside the product: DNS and the clock (tests replace them). */
export interface TransportDependencies {
  resolver: Resolver;
  now: () => number;
}

const SYSTEM: TransportDependencies = { resolver: systemResolver, now: Date.now };

async function route(
  destination: ChannelDestination,
  message: NotificationMessage,
  settings: TransportSettings,
  dependencies: TransportDependencies,
): Promise<DeliveryResult> {
  switch (destination.kind) {
    case 'webhook':
      return deliverWebhook(destination, message, settings, dependencies.resolver, dependencies.now);
    case 'discord':
      return deliverDiscord(destination, message, settings, dependencies.resolver);
    case 'slack':
      return deliverSlack(destination, message, settings, dependencies.resolver);
    case 'telegram':
      return deliverTelegram(destination, message, settings);
    case 'email':
      return deliverEmail(destination, message, settings);
  }
}

/** A `deliver` with other dependencies (a test's resolver or clock). */
export function createDeliver(dependencies: Partial<TransportDependencies> = {}): Deliver {
  const resolved = { ...SYSTEM, ...dependencies };
  return async (destination, message, settings) => {
    try {
      return await route(destination, message, settings, resolved);
    } catch {
      // Every transport returns its failures; this is the last guard of "deliver never throws".
      return {
        ok: false,
        status: null,
        permanent: false,
        retryAfterMs: null,
        error: 'The delivery failed unexpectedly',
        durationMs: 0,
      };
    }
  };
}

/** Sends one message on one channel; never throws. */
export const deliver: Deliver = createDeliver();

/** `checkDestination` with another resolver (tests). */
export function createCheckDestination(resolver: Resolver = systemResolver): CheckDestination {
  return async (destination, settings) => {
    let url: URL;
    switch (destination.kind) {
      case 'webhook': {
        const target = checkWebhookUrl(destination.url, settings.allowedHosts);
        if (!target.ok) return target.reason;
        url = target.url;
        break;
      }
      case 'discord': {
        const target = checkDiscordUrl(destination.url, settings.allowedHosts);
        if (!target.ok) return target.reason;
        url = target.url;
        break;
      }
      case 'slack': {
        const target = checkSlackUrl(destination.url, settings.allowedHosts);
        if (!target.ok) return target.reason;
        url = target.url;
        break;
      }
      case 'telegram':
        if (!TELEGRAM_TOKEN.test(destination.botToken))
          return 'The bot token must look like 123456789:AA… (from @BotFather)';
        if (!TELEGRAM_CHAT.test(destination.chatId))
          return 'The chat id must be a number (e.g. 123456789 or -100…) or an @channel name';
        return null;
      case 'email':
        if (!settings.smtpUrl) return 'Email is not available: the operator has not set SMTP_URL';
        return EMAIL_ADDRESS.test(destination.to) ? null : 'The email address is not valid';
    }
    const resolution = await resolveDestination(url.hostname, settings.allowedHosts, resolver);
    return resolution.ok ? null : resolution.reason;
  };
}

/** Checks a destination when a channel is added or edited: null when it may be used, else why not. */
export const checkDestination: CheckDestination = createCheckDestination();
