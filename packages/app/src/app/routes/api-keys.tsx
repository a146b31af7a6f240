import { PageHeader } from '../../components/page-header';

export function ApiKeysRoute() {
  return <PageHeader title="API Keys" />;
}
