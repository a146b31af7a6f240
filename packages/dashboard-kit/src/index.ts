import './theme/themes.css';
import './theme/global.css';

export { vars } from './theme/contract.css';
export { MOBILE_BREAKPOINT, MOBILE_MEDIA_QUERY } from './theme/tokens';
export {
  THEME_ATTRIBUTE,
  THEME_STORAGE_KEY,
  resolveTheme,
  type ResolvedTheme,
  type ThemePreference,
} from './theme/theme-script';
export { Button, type ButtonProps, type ButtonSize, type ButtonVariant } from './components/Button';
export {
  Tooltip,
  TooltipContent,
  TooltipProvider,
  TooltipTrigger,
  type TooltipContentProps,
  type TooltipProps,
  type TooltipProviderProps,
  type TooltipTriggerProps,
} from './components/Tooltip';
export {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
  type SheetCloseProps,
  type SheetContentProps,
  type SheetDescriptionProps,
  type SheetHeaderProps,
  type SheetProps,
  type SheetSide,
  type SheetTitleProps,
  type SheetTriggerProps,
} from './components/Sheet';
export {
  SIDEBAR_COOKIE_MAX_AGE,
  SIDEBAR_COOKIE_NAME,
  SIDEBAR_KEYBOARD_SHORTCUT,
  SIDEBAR_WIDTH,
  SIDEBAR_WIDTH_ICON,
  SIDEBAR_WIDTH_MOBILE,
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarInset,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarMenuSub,
  SidebarMenuSubButton,
  SidebarMenuSubItem,
  SidebarProvider,
  SidebarRail,
  SidebarSeparator,
  SidebarTrigger,
  readSidebarCookie,
  useSidebar,
  type SidebarCollapsible,
  type SidebarContentProps,
  type SidebarContextValue,
  type SidebarFooterProps,
  type SidebarGroupContentProps,
  type SidebarGroupLabelProps,
  type SidebarGroupProps,
  type SidebarHeaderProps,
  type SidebarInsetProps,
  type SidebarMenuButtonProps,
  type SidebarMenuButtonSize,
  type SidebarMenuItemProps,
  type SidebarMenuProps,
  type SidebarMenuSubButtonProps,
  type SidebarMenuSubItemProps,
  type SidebarMenuSubProps,
  type SidebarProps,
  type SidebarProviderProps,
  type SidebarRailProps,
  type SidebarSeparatorProps,
  type SidebarState,
  type SidebarTriggerProps,
} from './components/Sidebar';
export { useIsMobile } from './hooks/useIsMobile';
export { ActivityIcon } from './icons/ActivityIcon';
export { CandlestickChartIcon } from './icons/CandlestickChartIcon';
export { PanelLeftIcon } from './icons/PanelLeftIcon';
export { SlidersIcon } from './icons/SlidersIcon';
export { TrendingUpIcon } from './icons/TrendingUpIcon';
export {
  ThemeProvider,
  ThemeScope,
  useTheme,
  useThemeScopeProps,
  type ThemeContextValue,
  type ThemeProviderProps,
  type ThemeScopeProps,
  type ThemeTarget,
} from './components/ThemeProvider';
export {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuShortcut,
  DropdownMenuTrigger,
  type DropdownMenuCheckboxItemProps,
  type DropdownMenuContentProps,
  type DropdownMenuGroupProps,
  type DropdownMenuItemProps,
  type DropdownMenuLabelProps,
  type DropdownMenuProps,
  type DropdownMenuRadioGroupProps,
  type DropdownMenuRadioItemProps,
  type DropdownMenuSeparatorProps,
  type DropdownMenuShortcutProps,
  type DropdownMenuTriggerProps,
} from './components/DropdownMenu';
export { ThemeToggle, type ThemeToggleProps } from './components/ThemeToggle';
export {
  Avatar,
  AvatarFallback,
  AvatarImage,
  type AvatarFallbackProps,
  type AvatarImageProps,
  type AvatarProps,
  type AvatarShape,
  type AvatarSize,
} from './components/Avatar';
export { UserMenu, getDisplayName, getInitials, GUEST_NAME, type UserMenuProps } from './components/UserMenu';
export {
  Breadcrumb,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
  type BreadcrumbItemProps,
  type BreadcrumbLinkProps,
  type BreadcrumbListProps,
  type BreadcrumbPageProps,
  type BreadcrumbProps,
  type BreadcrumbSeparatorProps,
} from './components/Breadcrumb';
export {
  SignalsTable,
  SIGNAL_COLUMN_IDS,
  type RawBodyStatus,
  type SignalColumnId,
  type SignalRow,
  type SignalStatus,
  type SignalsTableColumnVisibility,
  type SignalsTableProps,
  type SignalsTableSorting,
} from './components/SignalsTable';
export {
  MetricCard,
  MetricsGrid,
  type MetricCardProps,
  type MetricsGridProps,
  type MetricTone,
} from './components/MetricCard';
export { textDirection } from './format/direction';
export { formatMetric, type MetricFormat } from './format/MetricNumber';
export {
  FAR_FROM_MARKET_SHARE,
  farFromMarket,
  formatMarketDistance,
  type MarketDistance,
} from './format/market-distance';
export {
  formatCount,
  formatCountOf,
  formatDuration,
  formatMoney,
  formatPercent,
  formatRatio,
  isInfinite,
  toneOf,
  type RatioValue,
  type SignedOptions,
  type ValueTone,
} from './format/performance';
export {
  TradesTable,
  tradesToCsv,
  TRADE_COLUMN_IDS,
  type TradeColumnId,
  type TradeExitReason,
  type TradeLink,
  type TradeRow,
  type TradesTableColumnVisibility,
  type TradesTableProps,
  type TradesTableSorting,
} from './components/TradesTable';
export { PositionList, type PositionListProps, type PositionRow } from './components/PositionList';
export {
  PeriodBreakdownTable,
  type BreakdownBy,
  type BreakdownColumnId,
  type BreakdownRow,
  type PeriodBreakdownSorting,
  type PeriodBreakdownTableProps,
} from './components/PeriodBreakdownTable';
export { Separator, type SeparatorProps } from './components/Separator';
export { Input, type InputProps } from './components/Input';
export { Label, type LabelProps } from './components/Label';
export {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  type CardContentProps,
  type CardDescriptionProps,
  type CardFooterProps,
  type CardHeaderProps,
  type CardProps,
  type CardTitleProps,
} from './components/Card';
export { Badge, type BadgeProps, type BadgeVariant } from './components/Badge';
export { Skeleton, type SkeletonProps, type SkeletonShape } from './components/Skeleton';
export { EmptyState, type EmptyStateProps, type EmptyStateTone } from './components/EmptyState';
export {
  CandlestickChart,
  type Candle,
  type CandlestickChartProps,
  type ChartMarker,
  type ChartMarkerSide,
  type ChartMarkerKind,
  type PriceLine,
  type PriceLineKind,
  type TradeMarker,
  type TradeMarkerKind,
  type TradeSide,
  bollinger,
  ema,
  macd,
  rsi,
  sma,
  vwap,
  type BollingerBands,
  type IndicatorValue,
  type Macd,
  NO_INDICATORS,
  parseIndicators,
  type ChartIndicators,
  DEFAULT_PANE_SIZES,
  parsePaneSizes,
  type ChartPaneSizes,
  type PriceScaleMode,
} from './components/CandlestickChart';
export {
  EQUITY_RANGES,
  EquityChart,
  MAX_EQUITY_POINTS,
  type EquityChartProps,
  type EquityPoint,
  type EquityRange,
} from './components/EquityChart';
export {
  ReturnsHistogram,
  binReturns,
  type BinOptions,
  type ReturnBin,
  type ReturnBinKind,
  type ReturnBinning,
  type ReturnsHistogramProps,
} from './components/ReturnsHistogram';
export {
  SignalJourney,
  formatDelay,
  type SignalJourneyOutcome,
  type SignalJourneyOutOfSync,
  type SignalJourneyProps,
} from './components/SignalJourney';
export {
  NOTIFICATION_COUNT_CAP,
  NotificationBell,
  formatNotificationTime,
  formatUnreadCount,
  notificationBellName,
  type NotificationBellItem,
  type NotificationBellProps,
} from './components/NotificationBell';
export {
  DeliveryLog,
  deliveryResultText,
  deliveryStateLabel,
  type DeliveryLogProps,
  type DeliveryLogRow,
  type DeliveryState,
} from './components/DeliveryLog';
export {
  NotificationChannelCard,
  type ChannelLastDelivery,
  type NotificationChannelCardProps,
} from './components/NotificationChannelCard';
export { LatencyHistogram, type LatencyBucket, type LatencyHistogramProps } from './components/LatencyHistogram';
export { createIcon, type IconProps } from './icons/createIcon';
export { AlertTriangleIcon } from './icons/AlertTriangleIcon';
export { BellIcon } from './icons/BellIcon';
export { CheckIcon } from './icons/CheckIcon';
export { ChevronRightIcon } from './icons/ChevronRightIcon';
export { ChevronsRightIcon } from './icons/ChevronsRightIcon';
export { ChevronsUpDownIcon } from './icons/ChevronsUpDownIcon';
export { CreditCardIcon } from './icons/CreditCardIcon';
export { InboxIcon } from './icons/InboxIcon';
export { InfoIcon } from './icons/InfoIcon';
export { LogInIcon } from './icons/LogInIcon';
export { LogOutIcon } from './icons/LogOutIcon';
export { MonitorIcon } from './icons/MonitorIcon';
export { MoonIcon } from './icons/MoonIcon';
export { SparklesIcon } from './icons/SparklesIcon';
export { SunIcon } from './icons/SunIcon';
export { UserIcon } from './icons/UserIcon';
export { timeZoneLabel, zonedParts, type TimeZoneMode, type ZonedParts } from './time/time-zone';
