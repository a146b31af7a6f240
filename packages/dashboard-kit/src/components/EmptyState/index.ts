export { EmptyState, type EmptyStateProps, type EmptyStateTone } from './EmptyState';
