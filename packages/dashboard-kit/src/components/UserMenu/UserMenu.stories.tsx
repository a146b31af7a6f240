/**
 * UserMenu: the signed-in user's button and menu, for the sidebar footer.
 *
 * Usage: `<UserMenu name={user.name} email={user.email} onLogout={logout} onAccount={...} />`.
 * The menu opens to the right by default (beside a desktop sidebar); on a phone pass
 * `side="top"` so it opens upward from the footer. Names follow the display rules:
 * "Guest" and "?" when there is no name. `getDisplayName` and `getInitials` are exported too.
 */
import { action, type Story, type StoryDefault } from '@ladle/react';
import type { ReactNode } from 'react';
import { BothThemes, Caption, PhoneFrame, Stack } from '../../stories/StoryLayout';
import { UserMenu, type UserMenuProps } from './UserMenu';

export default {
  title: 'Account / User menu',
} satisfies StoryDefault;

const callbacks: Partial<UserMenuProps> = {
  onUpgrade: action('onUpgrade'),
  onAccount: action('onAccount'),
  onBilling: action('onBilling'),
  onNotifications: action('onNotifications'),
  onLogout: action('onLogout'),
};

/** The width of the expanded sidebar, where the menu usually lives. */
function SidebarFooter({ children }: { children: ReactNode }) {
  return <div style={{ width: '16rem', padding: 8 }}>{children}</div>;
}

const picture = `data:image/svg+xml;utf8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#0b7d6f"/><circle cx="32" cy="25" r="11" fill="#d3f9f1"/><path d="M12 60a20 20 0 0 1 40 0z" fill="#d3f9f1"/></svg>',
)}`;

export const Default: Story = () => (
  <SidebarFooter>
    <UserMenu name="Jane Doe" email="jane@example.com" {...callbacks} />
  </SidebarFooter>
);

export const WithPicture: Story = () => (
  <SidebarFooter>
    <UserMenu name="Jane Doe" email="jane@example.com" avatarSrc={picture} {...callbacks} />
  </SidebarFooter>
);

export const OneWordName: Story = () => (
  <SidebarFooter>
    <UserMenu name="satoshi" email="satoshi@example.com" {...callbacks} />
  </SidebarFooter>
);

export const Guest: Story = () => (
  <SidebarFooter>
    <Caption>No name and no email</Caption>
    <UserMenu {...callbacks} />
  </SidebarFooter>
);

export const LongText: Story = () => (
  <SidebarFooter>
    <UserMenu
      name="Maximilian Alexander von Hohenberg-Kastellan"
      email="maximilian.alexander.von.hohenberg@trading-desk.example.com"
      {...callbacks}
    />
  </SidebarFooter>
);

/** A right-to-left name is cut at its own end: its start stays on screen. */
export const RightToLeftName: Story = () => (
  <SidebarFooter>
    <UserMenu name="דנה כהן-לוי, מנהלת תיקי השקעות בקרן גידור" email="dana@trading-desk.example.com" {...callbacks} />
  </SidebarFooter>
);

export const Disabled: Story = () => (
  <SidebarFooter>
    <UserMenu name="Jane Doe" email="jane@example.com" disabled />
  </SidebarFooter>
);

export const OpensUpward: Story = () => (
  <div style={{ paddingTop: '18rem' }}>
    <SidebarFooter>
      <UserMenu name="Jane Doe" email="jane@example.com" side="top" {...callbacks} />
    </SidebarFooter>
  </div>
);

export const BothThemesSideBySide: Story = () => (
  <BothThemes>
    <Stack>
      <UserMenu name="Jane Doe" email="jane@example.com" {...callbacks} />
      <UserMenu {...callbacks} />
    </Stack>
  </BothThemes>
);

// A narrow frame rather than Ladle's width option: that option renders stories in an iframe,
// and menus portal to the outer document.
export const Phone: Story = () => (
  <PhoneFrame>
    <div style={{ display: 'flex', flexDirection: 'column', justifyContent: 'flex-end', minHeight: '24rem' }}>
      <UserMenu name="Jane Doe" email="jane@example.com" side="top" align="start" {...callbacks} />
    </div>
  </PhoneFrame>
);
