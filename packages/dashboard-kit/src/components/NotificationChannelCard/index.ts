export {
  NotificationChannelCard,
  type ChannelLastDelivery,
  type NotificationChannelCardProps,
} from './NotificationChannelCard';
