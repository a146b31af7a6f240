export { MetricCard, MetricsGrid, type MetricCardProps, type MetricsGridProps, type MetricTone } from './MetricCard';
