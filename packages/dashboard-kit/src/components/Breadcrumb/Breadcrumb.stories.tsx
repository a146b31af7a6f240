/**
 * Breadcrumb: where the user is, for the page header.
 *
 * Usage: `<Breadcrumb><BreadcrumbList><BreadcrumbItem><BreadcrumbLink asChild><Link to="/trading">Trading</Link></BreadcrumbLink></BreadcrumbItem>`
 * `<BreadcrumbSeparator /><BreadcrumbItem><BreadcrumbPage>1m</BreadcrumbPage></BreadcrumbItem></BreadcrumbList></Breadcrumb>`.
 * Put a `BreadcrumbSeparator` between items (it is an `li`, hidden from screen readers); the last
 * step is a `BreadcrumbPage`, which carries `aria-current="page"`.
 */
import type { Story, StoryDefault } from '@ladle/react';
import { Fragment } from 'react';
import { BothThemes, PhoneFrame } from '../../stories/StoryLayout';
import {
  Breadcrumb,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
} from './Breadcrumb';

export default {
  title: 'Navigation / Breadcrumb',
} satisfies StoryDefault;

function Trail({ steps, separator }: { steps: string[]; separator?: string }) {
  return (
    <Breadcrumb>
      <BreadcrumbList>
        {steps.map((step, index) => (
          <Fragment key={`${step}-${index}`}>
            {index > 0 ? <BreadcrumbSeparator>{separator}</BreadcrumbSeparator> : null}
            {/* As the app gives them: a step cut on a narrow screen keeps its whole text in its tooltip. */}
            <BreadcrumbItem title={step}>
              {index === steps.length - 1 ? (
                <BreadcrumbPage>{step}</BreadcrumbPage>
              ) : (
                <BreadcrumbLink href={`#${step}`}>{step}</BreadcrumbLink>
              )}
            </BreadcrumbItem>
          </Fragment>
        ))}
      </BreadcrumbList>
    </Breadcrumb>
  );
}

export const TradingPage: Story = () => <Trail steps={['Trading', 'BTC/USD', '1m']} />;

export const SingleStep: Story = () => <Trail steps={['Dashboard']} />;

export const ManySteps: Story = () => (
  <Trail steps={['Settings', 'Strategies', 'Mean reversion', 'Alerts', 'BTC/USD', 'Webhook', 'History', 'Today']} />
);

export const LongText: Story = () => (
  <div style={{ maxWidth: '24rem' }}>
    <Trail
      steps={[
        'Performance',
        'Analytics for every strategy connected to this account',
        'Mean reversion with volatility bands and a trailing exit',
      ]}
    />
  </div>
);

export const CustomSeparator: Story = () => <Trail steps={['Signals', 'BTC Signals']} separator="/" />;

export const WithRouterLink: Story = () => (
  <Breadcrumb>
    <BreadcrumbList>
      <BreadcrumbItem>
        <BreadcrumbLink asChild>
          {/* A router's Link renders an anchor; asChild passes the styles on to it. */}
          <a href="#signals" data-router-link="">
            Signals
          </a>
        </BreadcrumbLink>
      </BreadcrumbItem>
      <BreadcrumbSeparator />
      <BreadcrumbItem>
        <BreadcrumbPage>ETH Signals</BreadcrumbPage>
      </BreadcrumbItem>
    </BreadcrumbList>
  </Breadcrumb>
);

export const BothThemesSideBySide: Story = () => (
  <BothThemes>
    <Trail steps={['Trading', 'ETH/USD', '15m']} />
  </BothThemes>
);

/**
 * The room the app's header leaves the trail on a phone (beside the sidebar trigger, the zone picker, the
 * connection dot and the bell): 188 px at 390 px, where the whole trail fits; 173 px at 375 px, where "Trading"
 * gives way before the pair; 118 px at 320 px, where both keep their first letter. The current page stays whole.
 */
export const PhoneHeaderRoom: Story = () => (
  <PhoneFrame>
    {[188, 173, 118].map((width) => (
      <div key={width} style={{ width, marginBlockEnd: '1rem', outline: '1px dashed currentColor' }}>
        <Trail steps={['Trading', 'BTC/USD', '15m']} />
      </div>
    ))}
  </PhoneFrame>
);
PhoneHeaderRoom.meta = { width: 'xsmall' };

export const Phone: Story = () => (
  <PhoneFrame>
    <Trail steps={['Trading', 'SOL/USD', '1h']} />
    <br />
    <Trail steps={['Settings', 'Strategies', 'Mean reversion', 'Alerts']} />
  </PhoneFrame>
);
Phone.meta = { width: 'xsmall' };
