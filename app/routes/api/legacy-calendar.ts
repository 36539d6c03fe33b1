import { LEGACY_CALENDAR_SCRIPT } from '../../features/valuation/legacy-calendar.ts';

/** GET /legacy_asset_bundles/legacy_calendar.js (spec point 7), loaded on demand for '#/book_a_valuation'. */
export function loader() {
  return new Response(LEGACY_CALENDAR_SCRIPT, {
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  });
}
