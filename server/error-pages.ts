/** Minimal pages for errors raised before React Router renders: the request layer's own answers (app/lib/http). */
export { errorHtml, errorResponse, wantsJson } from '../app/lib/http/http-error.ts';
