/**
 * Button: the kit's one clickable control.
 *
 * Usage: `<Button variant="secondary" onClick={save}>Save</Button>`. Use `size="icon"` with an
 * `aria-label` for icon-only buttons, `loading` while an action runs (it keeps the label and sets
 * `aria-busy`), and `asChild` to style a link: `<Button asChild><Link to="/signals">Signals</Link></Button>`.
 */
import type { Story, StoryDefault } from '@ladle/react';
import { LogOutIcon } from '../../icons/LogOutIcon';
import { SparklesIcon } from '../../icons/SparklesIcon';
import { BothThemes, Caption, PhoneFrame, Row, Stack } from '../../stories/StoryLayout';
import { Button, type ButtonProps, type ButtonSize, type ButtonVariant } from './Button';

export default {
  title: 'Primitives / Button',
} satisfies StoryDefault;

const variants: ButtonVariant[] = ['primary', 'secondary', 'ghost', 'outline', 'danger'];
const sizes: ButtonSize[] = ['sm', 'md', 'icon'];

function VariantGrid() {
  return (
    <Stack>
      {sizes.map((size) => (
        <Row key={size}>
          {variants.map((variant) =>
            size === 'icon' ? (
              <Button key={variant} variant={variant} size="icon" aria-label={`Upgrade (${variant})`}>
                <SparklesIcon />
              </Button>
            ) : (
              <Button key={variant} variant={variant} size={size}>
                {variant}
              </Button>
            ),
          )}
        </Row>
      ))}
    </Stack>
  );
}

export const Playground: Story<ButtonProps> = ({ children, ...args }) => <Button {...args}>{children}</Button>;
Playground.args = { children: 'Save strategy', variant: 'primary', size: 'md', disabled: false, loading: false };
Playground.argTypes = {
  variant: { options: variants, control: { type: 'select' } },
  size: { options: sizes, control: { type: 'inline-radio' } },
  onClick: { action: 'clicked' },
};

export const VariantsAndSizes: Story = () => <VariantGrid />;

export const Disabled: Story = () => (
  <Row>
    {variants.map((variant) => (
      <Button key={variant} variant={variant} disabled>
        {variant}
      </Button>
    ))}
  </Row>
);

export const Loading: Story = () => (
  <Row>
    {variants.map((variant) => (
      <Button key={variant} variant={variant} loading>
        Saving…
      </Button>
    ))}
    <Button size="icon" variant="ghost" loading aria-label="Refreshing" />
  </Row>
);

export const WithIcon: Story = () => (
  <Row>
    <Button>
      <SparklesIcon />
      Upgrade to Pro
    </Button>
    <Button variant="outline">
      <LogOutIcon />
      Log out
    </Button>
  </Row>
);

export const AsLink: Story = () => (
  <Row>
    <Button asChild variant="outline">
      <a href="#signals">All events</a>
    </Button>
    <Button asChild variant="ghost" disabled>
      <a href="#signals">Disabled link</a>
    </Button>
  </Row>
);

export const LongText: Story = () => (
  <Stack>
    <Button>Send a test webhook to every connected TradingView alert</Button>
    <div style={{ width: 200 }}>
      <Caption>In a 200px column the label stays on one line</Caption>
      <Button style={{ maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis' }}>
        Rotate the webhook URL for this account
      </Button>
    </div>
  </Stack>
);

export const BothThemesSideBySide: Story = () => (
  <BothThemes>
    <VariantGrid />
  </BothThemes>
);

export const Phone: Story = () => (
  <PhoneFrame>
    <Stack>
      <Button style={{ width: '100%' }}>Sign in</Button>
      <Button variant="outline" style={{ width: '100%' }}>
        Create an account
      </Button>
    </Stack>
  </PhoneFrame>
);
Phone.meta = { width: 'xsmall' };
