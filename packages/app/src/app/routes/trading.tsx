import { useParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';

export function TradingRoute() {
  const { symbol = '', interval = '' } = useParams();
  return <PageHeader title={`${symbol.toUpperCase()}/USD`} description={interval} />;
}
