export { LatencyHistogram, type LatencyBucket, type LatencyHistogramProps } from './LatencyHistogram';
