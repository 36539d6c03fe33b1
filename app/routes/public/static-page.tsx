import { data } from 'react-router';
import type { Route } from './+types/static-page';
import { getPageBySlug } from '../../features/content/pages.server.ts';
import { openGraphMeta } from '../../features/content/open-graph.ts';
import { getDb } from '../../lib/db.server.ts';
import { methodNotAllowed } from '../../lib/http/http-error.ts';
import { pageSlugOfPath } from '../../lib/page-paths.ts';

/**
 * Every address no other route answers: one of the site's pages by its name (/terms-of-use, /about-us), written in
 * the back office; anything else is the root error boundary's 404 page.
 */
async function pageAt(request: Request) {
  const slug = pageSlugOfPath(new URL(request.url).pathname);
  const page = slug ? await getPageBySlug(getDb(), slug) : null;
  if (!slug || !page) throw data('Page not found', { status: 404 });
  return { slug, page };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { slug, page } = await pageAt(request);
  return {
    title: page.title,
    html: page.html,
    seoTitle: page.seoTitle,
    seoDescription: page.seoDescription,
    canonical: `${context.origin}/${slug}`,
  };
}

/** A page only reads: a post to it is refused as to any page without a form; to no page at all, 404. */
export async function action({ request }: Route.ActionArgs) {
  await pageAt(request);
  methodNotAllowed(request, ['GET', 'HEAD']);
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const description = loaderData.seoDescription || undefined;
  return [
    { title: loaderData.seoTitle },
    ...openGraphMeta({ title: loaderData.seoTitle, description, url: loaderData.canonical }),
    { tagName: 'link', rel: 'canonical', href: loaderData.canonical },
  ];
}

export default function StaticPage({ loaderData }: Route.ComponentProps) {
  return (
    <article className="container prose">
      <nav aria-label="Breadcrumb" className="breadcrumbs">
        <ol>
          <li>
            <a href="/">Home</a>
          </li>
          <li aria-current="page">{loaderData.title}</li>
        </ol>
      </nav>
      <h1>{loaderData.title}</h1>
      <div dangerouslySetInnerHTML={{ __html: loaderData.html }} />
    </article>
  );
}
