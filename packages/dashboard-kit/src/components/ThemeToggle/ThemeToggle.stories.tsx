/**
 * ThemeToggle: the Light / Dark / System menu.
 *
 * Usage: inside a `ThemeProvider`, `<ThemeToggle />` (an icon button named "Theme"), or
 * `<ThemeToggle display="label" side="top" />` in a sidebar footer. Choosing an option sets the
 * provider's preference, which is saved for the pre-paint script. In Ladle it also moves Ladle's
 * own theme switch, since the stories' provider is wired to it.
 */
import type { Story, StoryDefault } from '@ladle/react';
import { BothThemes, Caption, PhoneFrame, Row, Stack } from '../../stories/StoryLayout';
import { ThemeToggle } from './ThemeToggle';

export default {
  title: 'Theme / Theme toggle',
} satisfies StoryDefault;

export const Default: Story = () => <ThemeToggle />;

export const WithLabel: Story = () => (
  <Row>
    <ThemeToggle display="label" />
    <ThemeToggle display="label" variant="outline" />
  </Row>
);

export const OpensUpward: Story = () => (
  <div style={{ paddingTop: '12rem' }}>
    <Caption>As in a sidebar footer: the menu opens above the button</Caption>
    <ThemeToggle display="label" side="top" align="start" />
  </div>
);

export const Disabled: Story = () => <ThemeToggle disabled />;

export const Translated: Story = () => (
  <ThemeToggle label="Thème" display="label" optionLabels={{ light: 'Clair', dark: 'Sombre', system: 'Système' }} />
);

export const BothThemesSideBySide: Story = () => (
  <BothThemes>
    <Stack>
      <ThemeToggle />
      <ThemeToggle display="label" variant="outline" />
    </Stack>
  </BothThemes>
);

// A narrow frame rather than Ladle's width option: that option renders stories in an iframe,
// and menus portal to the outer document.
export const Phone: Story = () => (
  <PhoneFrame>
    <Row>
      <ThemeToggle />
      <ThemeToggle display="label" variant="outline" />
    </Row>
  </PhoneFrame>
);
