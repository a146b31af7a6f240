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
