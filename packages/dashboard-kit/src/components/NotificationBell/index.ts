export {
  NOTIFICATION_COUNT_CAP,
  NotificationBell,
  formatNotificationTime,
  formatUnreadCount,
  notificationBellName,
  type NotificationBellItem,
  type NotificationBellProps,
} from './NotificationBell';
