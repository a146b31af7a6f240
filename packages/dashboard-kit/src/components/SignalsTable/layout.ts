/**
 * Geometry shared by the styles and the virtualiser. Rows have a fixed height so the virtualiser
 * can place 100,000 of them without measuring each; only expanded detail rows are measured.
 */
export const ROW_HEIGHT_PX = 40;
export const HEADER_HEIGHT_PX = 40;
/** A first guess for an expanded row before it is measured. */
export const DETAIL_ESTIMATE_PX = 220;
/** Rows rendered beyond each edge of the viewport, so fast scrolling shows no blank gap. */
export const OVERSCAN_ROWS = 8;
/** `onEndReached` fires once the last rendered row is within this many rows of the end. */
export const END_REACHED_THRESHOLD_ROWS = 20;
/** How long a newly arrived row stays highlighted. */
export const FRESH_ROW_MS = 2_400;
/** Skeleton rows shown while the first page loads. */
export const SKELETON_ROWS = 8;
/** Below this viewport width the table starts with fewer columns (unless told otherwise). */
export const COMPACT_MEDIA_QUERY = '(max-width: 40rem)';
