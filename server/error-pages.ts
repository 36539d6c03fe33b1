/** Minimal pages for errors raised before React Router renders: the request layer's own answers (app/lib/http). */
export { errorResponse } from '../app/lib/http/http-error.ts';
