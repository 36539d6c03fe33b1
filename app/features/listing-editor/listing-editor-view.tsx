/**
 * One listing in the back office (/admin/listings/:id): what it is and where it stands, the publish, status and
 * price forms (each a real post carrying the version the page was loaded at), its histories, then the listing form.
 * An imported listing shows its feed and last import, and its fields read-only.
 */
import type { ReactNode } from 'react';
import { ErrorSummary } from '../../components/form-fields.tsx';
import { CsrfField, useSubmitOnce } from '../../components/form/form-parts.tsx';
import { formatPounds } from './listing-list-view.tsx';
import {
  channelLabels,
  partAWarning,
  statusLabels,
  statusesFor,
  type ListingFormValues,
} from './listing-editor-model.ts';
import { ListingForm } from './listing-form.tsx';
import './listing-editor.css';

type Status = keyof typeof statusLabels;

type ListingEditorViewProps = {
  listing: {
    id: number;
    slug: string;
    version: number;
    reference: string;
    displayAddress: string;
    channel: 'sales' | 'lettings';
    status: Exclude<Status, 'withdrawn'>;
    isPublished: boolean;
    isWithdrawn: boolean;
    priceValue: number | null;
    source: string | null;
    sourceRef: string | null;
    priceHistory: { date: string; price: number }[];
    statusHistory: { date: string; status: string }[];
    photoCount: number;
    isHidden: boolean;
  };
  values: ListingFormValues;
  missingPartA: string[];
  lastImport: { finishedAt: string; fileName: string } | null;
  branches: { id: number; name: string }[];
  contacts: { id: number; name: string; branchId: number }[];
  notice: string | null;
  /** The answer to a post made without JavaScript. */
  actionErrors: { field: string; message: string }[];
  warning: string | null;
  submitted: Record<string, unknown> | null;
};

const NOTICES: Record<string, string> = {
  created: 'The listing has been created as a draft. Publish it when it is ready.',
  saved: 'Your changes have been saved and are on the site now.',
  unchanged: 'Nothing was changed.',
  status: 'The status has been changed.',
  price: 'The price has been changed.',
  published: 'The listing is published: visitors can find it now.',
  unpublished: 'The listing is no longer on the site.',
};

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

function ActionForm({ intent, version, children }: { intent: string; version: number; children: ReactNode }) {
  const submitOnce = useSubmitOnce();
  return (
    <form method="post" onSubmit={submitOnce.onSubmit}>
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="version" value={String(version)} />
      {children}
    </form>
  );
}

function PublishPanel({
  listing,
  missingPartA,
  warning,
}: Pick<ListingEditorViewProps, 'listing' | 'missingPartA' | 'warning'>) {
  return (
    <section className="listing-panel" aria-labelledby="listing-publish-title">
      <h2 id="listing-publish-title">On the site</h2>
      <p>
        {listing.isPublished
          ? 'Published: visitors can find this listing.'
          : listing.isHidden
            ? 'Hidden from this site (see Photos and files): its feed’s publishing is not applied.'
            : listing.isWithdrawn
              ? 'Withdrawn: not on the site.'
              : 'Not published: only staff can see it.'}
      </p>
      {!listing.isPublished && missingPartA.length > 0 && !warning ? (
        <p className="listing-warning">{partAWarning(missingPartA)}</p>
      ) : null}
      {warning ? (
        <div className="listing-warning" role="alert">
          <p>{warning}</p>
          <ActionForm intent="publish" version={listing.version}>
            <input type="hidden" name="confirm_missing_part_a" value="yes" />
            <button type="submit" className="admin-button">
              Publish anyway
            </button>
          </ActionForm>
        </div>
      ) : null}
      <p>
        <a href={`/admin/listings/${listing.id}/media`}>Photos and files ({listing.photoCount} photos)</a>
      </p>
      <p>
        <a href={`/admin/listings/${listing.id}/preview`}>Preview as a visitor</a>
        {listing.isPublished ? (
          <>
            {' · '}
            <a href={`/properties/${listing.slug}`}>Open the public page</a>
          </>
        ) : null}
      </p>
      {listing.source ? null : listing.isPublished ? (
        <ActionForm intent="unpublish" version={listing.version}>
          <button type="submit" className="admin-button admin-button--secondary">
            Unpublish
          </button>
        </ActionForm>
      ) : warning ? null : (
        <ActionForm intent="publish" version={listing.version}>
          <button type="submit" className="admin-button">
            Publish
          </button>
        </ActionForm>
      )}
    </section>
  );
}

function StatusPanel({ listing }: { listing: ListingEditorViewProps['listing'] }) {
  const current: Status = listing.isWithdrawn ? 'withdrawn' : listing.status;
  return (
    <section className="listing-panel" aria-labelledby="listing-status-title">
      <h2 id="listing-status-title">Status</h2>
      <p>Now: {statusLabels[current]}</p>
      <ActionForm intent="status" version={listing.version}>
        <label>
          New status
          <select name="status" defaultValue={current}>
            {statusesFor[listing.channel].map((status) => (
              <option key={status} value={status}>
                {statusLabels[status]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="admin-button">
          Change status
        </button>
      </ActionForm>
    </section>
  );
}

function PricePanel({ listing }: { listing: ListingEditorViewProps['listing'] }) {
  return (
    <section className="listing-panel" aria-labelledby="listing-price-title">
      <h2 id="listing-price-title">Price</h2>
      <p>Now: {formatPounds(listing.priceValue)}</p>
      <ActionForm intent="price" version={listing.version}>
        <label>
          New price (£)
          <input name="price_value" inputMode="numeric" autoComplete="off" defaultValue="" />
        </label>
        <button type="submit" className="admin-button">
          Change price
        </button>
      </ActionForm>
    </section>
  );
}

function HistoryPanel({ listing }: { listing: ListingEditorViewProps['listing'] }) {
  if (listing.priceHistory.length === 0 && listing.statusHistory.length === 0) return null;
  return (
    <section className="listing-panel" aria-labelledby="listing-history-title">
      <h2 id="listing-history-title">History</h2>
      <ul>
        {listing.statusHistory.map((change, index) => (
          <li key={`status-${index}`}>
            {change.date}:{' '}
            {change.status === 'added' ? 'Added' : (statusLabels[change.status as Status] ?? change.status)}
          </li>
        ))}
        {listing.priceHistory.map((change, index) => (
          <li key={`price-${index}`}>
            {change.date}: {formatPounds(change.price)}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ListingEditorView(props: ListingEditorViewProps) {
  const { listing, notice, actionErrors, lastImport } = props;
  const isImported = listing.source !== null;
  const message = notice ? NOTICES[notice] : undefined;
  return (
    <>
      <p>
        <a href="/admin/listings">All listings</a>
      </p>
      <h1>{listing.displayAddress}</h1>
      <p>
        {channelLabels[listing.channel]} · Reference {listing.reference}
      </p>
      {message ? (
        <p className="admin-notice" role="status">
          {message}
        </p>
      ) : null}
      <ErrorSummary errors={actionErrors} />
      {isImported ? (
        <p className="listing-warning">
          Imported from the “{listing.source}” feed (its reference {listing.sourceRef}).{' '}
          {lastImport
            ? `Last imported ${DATE_FORMAT.format(new Date(lastImport.finishedAt))}${lastImport.fileName ? ` from ${lastImport.fileName}` : ''}.`
            : 'No import has been recorded.'}{' '}
          Its details are changed in the feed, so they are read-only here.
        </p>
      ) : null}
      <div className="listing-panels">
        <PublishPanel listing={listing} missingPartA={props.missingPartA} warning={props.warning} />
        {isImported ? null : <StatusPanel listing={listing} />}
        {isImported ? null : <PricePanel listing={listing} />}
        <HistoryPanel listing={listing} />
      </div>
      <h2>Details</h2>
      <ListingForm
        id="listing-edit"
        initial={props.values}
        submitted={props.submitted}
        branches={props.branches}
        contacts={props.contacts}
        submitLabel="Save changes"
        isReadOnly={isImported}
        version={listing.version}
      />
    </>
  );
}
