import { useCallback } from 'react';
import { data, useActionData, useFetcher, useLocation, useNavigate } from 'react-router';
import type { Route } from './+types/book-a-valuation';
import { Modal } from '../../components/modal.tsx';
import { propertyPath } from '../../features/properties/property-links.ts';
import { useRootData } from '../../features/site/index.ts';
import { getBotCheckConfig } from '../../features/spam/spam-protection.server.ts';
import { ValuationFlow } from '../../features/valuation/valuation-flow.tsx';
import { getTakenSlots } from '../../features/valuation/valuation-bookings.server.ts';
import { getPropertyForValuation } from '../../features/valuation/valuation-page.server.ts';
import { isoDateOf, type ValuationChannel } from '../../features/valuation/valuation-schema.ts';
import { valuationFormAction } from '../../features/valuation/valuation-form-action.server.ts';
import { getDb } from '../../lib/db.server.ts';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';

/**
 * /book-a-valuation over the home page, and /properties/:slug/book-a-valuation over a property page (spec point 2).
 * The request itself goes to POST /leads (app/features/valuation/valuation-lead.server.ts); without JavaScript the
 * same forms post here and the action answers with the next step.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const slug = (params as { slug?: string }).slug;
  const [botCheck, taken] = await Promise.all([getBotCheckConfig(), takenSlotsAsked(new URL(request.url))]);
  if (!slug) {
    return { botCheck, taken, defaultChannel: 'selling' as ValuationChannel, closeTo: '/', propertyAddress: null };
  }
  const property = await getPropertyForValuation(getDb(), slug);
  if (!property) throw data('Property not found', { status: 404 });
  return {
    botCheck,
    taken,
    defaultChannel: property.defaultChannel,
    closeTo: propertyPath(slug),
    propertyAddress: property.displayAddress,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => valuationFormAction(request, context));
}

/**
 * Step 2 asks (with a fetcher, `?branch_id=&date=`) which single slots of the branch's day are already booked, so
 * they can be shown as taken; the server still checks on submit.
 */
async function takenSlotsAsked(url: URL): Promise<{ branchId: number; date: string; slots: string[] } | null> {
  const branchId = url.searchParams.get('branch_id') ?? '';
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(url.searchParams.get('date') ?? '');
  if (!/^\d{1,9}$/.test(branchId) || !date) return null;
  const isoDate = isoDateOf(Number(date[1]), Number(date[2]), Number(date[3]));
  if (!isoDate) return null;
  return { branchId: Number(branchId), date: isoDate, slots: await getTakenSlots(getDb(), Number(branchId), isoDate) };
}

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData;
  return [
    { title: `Book a valuation | ${root?.chrome?.agencyName ?? 'Doorstep'}` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function BookAValuationModal({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const navigate = useNavigate();
  const location = useLocation();
  const { closeTo } = loaderData;
  const fetcher = useFetcher<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { load } = fetcher;
  const pathname = location.pathname;
  const checkTakenSlots = useCallback(
    (branchId: number, date: string) => {
      void load(`${pathname}?branch_id=${branchId}&date=${encodeURIComponent(date)}`);
    },
    [load, pathname],
  );
  const cameFromCloseTo = (location.state as { modalReturnTo?: string } | null)?.modalReturnTo === closeTo;
  // The same way out as the dialog's own close button (components/modal.tsx).
  const close = () => {
    if (cameFromCloseTo) void navigate(-1);
    else void navigate(closeTo, { replace: true, preventScrollReset: true });
  };
  return (
    <Modal title="Book a valuation" closeTo={closeTo} size="medium">
      <ValuationFlow
        isSingleStep={root?.chrome.theme.valuationSingleStep ?? false}
        defaultChannel={loaderData.defaultChannel}
        botCheckConfig={loaderData.botCheck}
        csrfToken={root?.csrfToken ?? ''}
        onClose={close}
        agencyTelephone={root?.chrome.agencyContactTelephone}
        takenSlots={fetcher.data?.taken ?? null}
        onAppointmentDay={checkTakenSlots}
        // The query goes with a post made without JavaScript: it says where the request started (?from=…).
        formAction={`${location.pathname}${location.search}`}
        noScriptState={actionData?.valuationForm ?? null}
      />
    </Modal>
  );
}
