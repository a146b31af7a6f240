/**
 * ThemeProvider, useTheme and ThemeScope.
 *
 * Usage: wrap the app once, `<ThemeProvider>{app}</ThemeProvider>`; it reads and writes the
 * `dk-theme` key that the pre-paint script (`dashboard-kit/theme-script`) reads, so the first paint
 * already has the right theme. `useTheme()` gives `{ theme, resolvedTheme, setTheme }`.
 * `<ThemeScope theme="light">` draws one subtree in a fixed theme. Ladle's own theme switch
 * drives the provider in these stories.
 */
import type { Story, StoryDefault } from '@ladle/react';
import { BothThemes, Caption, PhoneFrame, Row, Stack } from '../../stories/StoryLayout';
import { Button } from '../Button/Button';
import { ThemeScope, useTheme } from './ThemeProvider';

export default {
  title: 'Theme / Theme provider',
} satisfies StoryDefault;

function ThemeControls() {
  const { theme, resolvedTheme, setTheme } = useTheme();
  return (
    <Stack>
      <p>
        Preference: <strong>{theme}</strong>, drawn as <strong>{resolvedTheme}</strong>
      </p>
      <Row>
        {(['light', 'dark', 'system'] as const).map((option) => (
          <Button
            key={option}
            variant={option === theme ? 'primary' : 'outline'}
            aria-pressed={option === theme}
            onClick={() => setTheme(option)}
          >
            {option}
          </Button>
        ))}
      </Row>
    </Stack>
  );
}

export const CurrentTheme: Story = () => <ThemeControls />;

export const ScopedPanel: Story = () => (
  <Stack>
    <Caption>A light panel inside whichever theme the page has</Caption>
    <ThemeScope theme="light" style={{ padding: 16, borderRadius: 8 }}>
      <Row>
        <Button>Primary</Button>
        <Button variant="outline">Outline</Button>
      </Row>
    </ThemeScope>
    <Caption>And a dark one</Caption>
    <ThemeScope theme="dark" style={{ padding: 16, borderRadius: 8 }}>
      <Row>
        <Button>Primary</Button>
        <Button variant="outline">Outline</Button>
      </Row>
    </ThemeScope>
  </Stack>
);

export const BothThemesSideBySide: Story = () => (
  <BothThemes>
    <Row>
      <Button>Primary</Button>
      <Button variant="secondary">Secondary</Button>
      <Button variant="danger">Danger</Button>
    </Row>
  </BothThemes>
);

export const Phone: Story = () => (
  <PhoneFrame>
    <ThemeControls />
  </PhoneFrame>
);
Phone.meta = { width: 'xsmall' };
