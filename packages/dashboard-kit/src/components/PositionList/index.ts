export { PositionList, type PositionListProps, type PositionRow } from './PositionList';
