import { data, Form } from 'react-router';
import type { Route } from './+types/unsubscribe';
import { useSubmitOnce } from '../../components/form/form-parts.tsx';
import { useRootData } from '../../features/site/index.ts';
import {
  findSavedSearchByUnsubscribeToken,
  unsubscribeSavedSearch,
} from '../../features/saved/saved-search-queries.server.ts';
import { getDb } from '../../lib/db.server.ts';

const HEADERS = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex', 'Referrer-Policy': 'no-referrer' };

/**
 * /unsubscribe/{token}: the one-click unsubscribe of a saved-search alert email. No sign-in: the random token in
 * the link is the credential, and it only ever switches that one search's alerts off (frequency N).
 */
export async function loader({ params }: Route.LoaderArgs) {
  const savedSearch = await findSavedSearchByUnsubscribeToken(getDb(), params.token);
  if (!savedSearch) return data({ state: 'unknown' as const, description: '' }, { status: 404, headers: HEADERS });
  return data(
    {
      state: savedSearch.alertFrequency === 'N' ? ('done' as const) : ('ask' as const),
      description: savedSearch.description,
    },
    { headers: HEADERS },
  );
}

export async function action({ params }: Route.ActionArgs) {
  const savedSearch = await findSavedSearchByUnsubscribeToken(getDb(), params.token);
  if (!savedSearch) return data({ state: 'unknown' as const, description: '' }, { status: 404, headers: HEADERS });
  await unsubscribeSavedSearch(getDb(), params.token);
  return data({ state: 'done' as const, description: savedSearch.description }, { headers: HEADERS });
}

export function meta() {
  return [{ title: 'Unsubscribe from search alerts' }, { name: 'robots', content: 'noindex' }];
}

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRootData();
  const submitOnce = useSubmitOnce();
  const view = actionData ?? loaderData;
  return (
    <div className="container static-page">
      <h1>Unsubscribe from search alerts</h1>
      {view.state === 'unknown' ? (
        <p>This unsubscribe link is not valid. It may belong to a saved search that has been removed.</p>
      ) : view.state === 'done' ? (
        <p role="status">
          You will not get any more emails about your saved search: <strong>{view.description}</strong>. You can turn
          alerts back on under Saved Searches in your account.
        </p>
      ) : (
        <Form method="post" onSubmit={submitOnce.onSubmit}>
          <input type="hidden" name="authenticity_token" value={root?.csrfToken ?? ''} />
          <p>
            Stop the email alerts for your saved search: <strong>{view.description}</strong>?
          </p>
          <button type="submit" className="button button--primary" disabled={submitOnce.isSubmitting}>
            Unsubscribe
          </button>
        </Form>
      )}
    </div>
  );
}
