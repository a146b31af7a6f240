import type { ChannelDestination, ChannelKind } from './contract';

/*
 * What a trader types for each kind of channel, made a destination here (the fields each kind needs), then checked
 * by the transports' checkDestination (each service's URL shape, the host resolved, private addresses refused);
 * and the masked form shown in lists.
 */

export interface DestinationInput {
  kind: ChannelKind;
  url?: string | undefined;
  botToken?: string | undefined;
  chatId?: string | undefined;
  email?: string | undefined;
}

/**
 * The destination for `input`, or the field errors (in the trader's words) that keep it from being one. The
 * webhook's signing secret is made by `secret`.
 */
export function readDestination(
  input: DestinationInput,
  secret: () => string,
): { destination: ChannelDestination } | { errors: Record<string, string[]> } {
  const missing = (field: string, what: string) => ({ errors: { [field]: [`The ${what} is required.`] } });
  switch (input.kind) {
    case 'webhook': {
      if (!input.url) return missing('url', 'url field');
      return { destination: { kind: 'webhook', url: input.url, secret: secret() } };
    }
    case 'discord': {
      if (!input.url) return missing('url', 'url field');
      return { destination: { kind: 'discord', url: input.url } };
    }
    case 'slack': {
      if (!input.url) return missing('url', 'url field');
      return { destination: { kind: 'slack', url: input.url } };
    }
    case 'telegram': {
      const errors: Record<string, string[]> = {};
      if (!input.botToken) errors.botToken = ['The bot token is required.'];
      if (!input.chatId) errors.chatId = ['The chat id is required.'];
      if (!input.botToken || !input.chatId) return { errors };
      return { destination: { kind: 'telegram', botToken: input.botToken, chatId: input.chatId } };
    }
    case 'email': {
      if (!input.email) return missing('email', 'email field');
      return { destination: { kind: 'email', to: input.email } };
    }
  }
}

/** The destination as lists show it: enough to recognise it, never a credential. */
export function maskDestination(destination: ChannelDestination): string {
  switch (destination.kind) {
    case 'webhook': {
      const url = new URL(destination.url);
      // The scheme and host only: any step of a path may be the receiver's secret. "/…" marks a path or query left out.
      return url.pathname !== '/' || url.search ? `${url.origin}/…` : `${url.origin}/`;
    }
    case 'discord': {
      const id = new URL(destination.url).pathname.split('/').filter(Boolean).at(-2) ?? '';
      return `Discord #…${id.slice(-4)}`;
    }
    case 'slack': {
      const [, team, bot] = new URL(destination.url).pathname.split('/').filter(Boolean);
      return `Slack …/${team ?? ''}/${bot ?? ''}/••••`;
    }
    case 'telegram':
      return `Telegram chat ${destination.chatId}`;
    case 'email':
      return destination.to;
  }
}
