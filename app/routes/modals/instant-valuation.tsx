import type { Route } from './+types/instant-valuation';
import { LazyBoundary, lazyWithTimeout } from '../../components/lazy-with-timeout.tsx';
import { Modal } from '../../components/modal.tsx';
import { parseValuationQuery } from '../../features/instant-valuation/estimate.ts';
import { getInstantValuation } from '../../features/instant-valuation/instant-valuation.server.ts';
import { getDb } from '../../lib/db.server.ts';
// The view's styles load with the route, so a server-rendered deep link is styled before its lazy code arrives.
import '../../components/form-fields.css';
import '../../features/instant-valuation/instant-valuation.css';

/** Spec point 2: /valuation is the Instant Valuation modal, lazily loaded with this loading title. */
export const INSTANT_VALUATION_LOADING_TITLE = 'Loading Instant Valuation';

const InstantValuationView = lazyWithTimeout(
  () => import('../../features/instant-valuation/instant-valuation-view.tsx'),
);

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const isAsked = params.has('q') || params.has('type') || params.has('beds');
  const { query, errors, values } = parseValuationQuery(params);
  if (!isAsked) return { values, errors: {}, valuation: null };
  if (!query) return { values, errors, valuation: null };
  return { values, errors, valuation: await getInstantValuation(getDb(), query) };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const root = matches[0]?.loaderData;
  const hasErrors = loaderData ? Object.keys(loaderData.errors).length > 0 : false;
  return [
    { title: `${hasErrors ? 'Error: ' : ''}Instant Valuation | ${root?.chrome?.agencyName ?? 'Doorstep'}` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function InstantValuationModal({ loaderData }: Route.ComponentProps) {
  return (
    <Modal title="Instant Valuation" closeTo="/" size="large">
      <LazyBoundary loadingTitle={INSTANT_VALUATION_LOADING_TITLE}>
        <InstantValuationView values={loaderData.values} errors={loaderData.errors} valuation={loaderData.valuation} />
      </LazyBoundary>
    </Modal>
  );
}
