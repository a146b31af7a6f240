import { PageHeader } from '../../components/page-header';

export function SignalsRoute() {
  return <PageHeader title="Webhook Signals" />;
}
