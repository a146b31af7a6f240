import './theme/themes.css';
import './theme/global.css';

export { vars } from './theme/contract.css';
export {
  THEME_ATTRIBUTE,
  THEME_STORAGE_KEY,
  resolveTheme,
  type ResolvedTheme,
  type ThemePreference,
} from './theme/theme-script';
export { Button, type ButtonProps, type ButtonSize, type ButtonVariant } from './components/Button';
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
  type SignalColumnId,
  type SignalRow,
  type SignalStatus,
  type SignalsTableColumnVisibility,
  type SignalsTableProps,
  type SignalsTableSorting,
} from './components/SignalsTable';
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
