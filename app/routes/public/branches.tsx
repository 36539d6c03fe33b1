import { data, Form, Link, useNavigation, useSubmit } from 'react-router';
import type { Route } from './+types/branches';
import { Pagination } from '../../components/pagination.tsx';
import { useChoiceMadeBeforeHydration } from '../../components/use-choice-before-hydration.ts';
import {
  ALL_DEPARTMENTS,
  BRANCHES_PAGE_SIZE,
  branchListHref,
  parseBranchListParams,
} from '../../features/content/branch-list.ts';
import { listBranches, listDepartmentOptions } from '../../features/content/branch-queries.server.ts';
import { BranchCardView } from '../../features/content/branch-card-view.tsx';
import { openGraphMeta } from '../../features/content/open-graph.ts';
import { getSiteChrome } from '../../features/site/site-chrome.server.ts';
import { getDb } from '../../lib/db.server.ts';

/** branches#index: search by text, department filter (default all) and pagination, all in the query string. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = getDb();
  const state = parseBranchListParams(new URL(request.url).searchParams);
  const [chrome, departmentOptions, list] = await Promise.all([
    getSiteChrome(db),
    listDepartmentOptions(db),
    listBranches(db, state),
  ]);
  const totalPages = Math.max(1, Math.ceil(list.total / BRANCHES_PAGE_SIZE));
  if (list.total > 0 && state.page > totalPages) throw data('Page not found', { status: 404 });
  return {
    state,
    departmentOptions,
    ...list,
    totalPages,
    agencyName: chrome.agencyName,
    canonical: `${context.origin}${branchListHref(state)}`,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const title = `Our branches${loaderData.state.page > 1 ? ` (page ${loaderData.state.page})` : ''} | ${loaderData.agencyName}`;
  const isFiltered = Boolean(loaderData.state.q) || loaderData.state.department !== ALL_DEPARTMENTS;
  return [
    { title },
    ...openGraphMeta({
      title,
      url: loaderData.canonical,
      description: `Find your nearest ${loaderData.agencyName} branch: addresses, sales and lettings telephone numbers and email.`,
    }),
    { tagName: 'link', rel: 'canonical', href: loaderData.canonical },
    ...(isFiltered ? [{ name: 'robots', content: 'noindex, follow' }] : []),
  ];
}

export default function BranchesPage({ loaderData }: Route.ComponentProps) {
  const { state, departmentOptions, branches, total, totalPages } = loaderData;
  const submit = useSubmit();
  const navigation = useNavigation();
  const departmentSelect = useChoiceMadeBeforeHydration(state.department, (_department, select) => {
    void submit(select.form, { preventScrollReset: true });
  });
  const isLoading = navigation.state === 'loading' && navigation.location.pathname === '/branches';
  return (
    <div className="container branches-page">
      <nav aria-label="Breadcrumb" className="breadcrumbs">
        <ol>
          <li>
            <a href="/">Home</a>
          </li>
          <li aria-current="page">Branches</li>
        </ol>
      </nav>
      <h1>Our branches</h1>
      <Form method="get" action="/branches" role="search" className="branch-filters" preventScrollReset>
        <div className="field">
          <label htmlFor="branches-q">Search by town, postcode or branch name</label>
          <input id="branches-q" type="search" name="q" defaultValue={state.q} key={state.q} />
        </div>
        <div className="field">
          <label htmlFor="branches-department">Department</label>
          <select
            id="branches-department"
            name="department"
            ref={departmentSelect}
            defaultValue={state.department}
            // No restoring of an old choice on a page brought back from history: it would be applied again.
            autoComplete="off"
            onChange={(event) => void submit(event.currentTarget.form, { preventScrollReset: true })}
          >
            <option value={ALL_DEPARTMENTS}>All departments</option>
            {departmentOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="branch-filters__actions">
          <button type="submit" className="button button--primary">
            Search
          </button>
          {state.q || state.department !== ALL_DEPARTMENTS ? (
            <Link to="/branches" className="button" preventScrollReset>
              Clear
            </Link>
          ) : null}
        </div>
      </Form>
      <p className="branches-page__count" role="status">
        {isLoading
          ? 'Loading branches'
          : total === 0
            ? 'No branches match your search.'
            : `${total} ${total === 1 ? 'branch' : 'branches'}`}
      </p>
      {branches.length > 0 ? (
        <ul className={`branch-grid${isLoading ? ' is-loading' : ''}`}>
          {branches.map((branch) => (
            <li key={branch.id}>
              <BranchCardView branch={branch} headingLevel={2} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="search-page__empty">
          <p>Try another town or postcode, or choose all departments.</p>
        </div>
      )}
      <Pagination
        page={state.page}
        hasPrev={state.page > 1}
        hasNext={state.page < totalPages}
        lastPage={totalPages}
        hrefFor={(page) => branchListHref({ ...state, page })}
        label="Branch pages"
      />
    </div>
  );
}
