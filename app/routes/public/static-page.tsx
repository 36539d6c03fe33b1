import { data } from 'react-router';
import type { Route } from './+types/static-page';
import { getPageBySlug } from '../../features/content/pages.server.ts';
import { openGraphMeta } from '../../features/content/open-graph.ts';
import { getDb } from '../../lib/db.server.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const slug = new URL(request.url).pathname.replace(/^\//, '');
  const page = await getPageBySlug(getDb(), slug);
  if (!page) throw data('Page not found', { status: 404 });
  return {
    title: page.title,
    html: page.html,
    seoTitle: page.seoTitle,
    seoDescription: page.seoDescription,
    canonical: `${context.origin}/${slug}`,
  };
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
