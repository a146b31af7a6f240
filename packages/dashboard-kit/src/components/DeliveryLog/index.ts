export {
  DeliveryLog,
  deliveryResultText,
  deliveryStateLabel,
  type DeliveryLogProps,
  type DeliveryLogRow,
  type DeliveryState,
} from './DeliveryLog';
