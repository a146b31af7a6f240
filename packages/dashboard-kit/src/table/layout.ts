/** Geometry shared by the data tables' styles and virtualisers. */
export const ROW_HEIGHT_PX = 40;
export const HEADER_HEIGHT_PX = 40;
/** Below this viewport width a table shows a card per row and starts with fewer columns. */
export const COMPACT_MEDIA_QUERY = '(max-width: 40rem)';
