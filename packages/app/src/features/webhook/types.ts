export interface WebhookInfo {
  url: string;
}
