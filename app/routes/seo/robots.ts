import type { Route } from './+types/robots';
import { robotsTxt } from '../../features/content/sitemap-xml.ts';

export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(context.origin), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  });
}
