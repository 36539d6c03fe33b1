/** The valuation flow's calls from the browser (spec point 7) and small formatting helpers. */
import { fetchWithCsrf } from '../../lib/http/csrf-fetch.ts';
import { buildValuationPayload, type ValuationAppointment, type ValuationSource } from './valuation-payload.ts';
import type { ValuationChannel, ValuationDetails } from './valuation-schema.ts';

export type Branch = { id: number; name: string };

export const VALUATION_FAILED_MESSAGE = 'Valuation request failed. Please try again.';

export function longDate(isoDate: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));
}

export function pushAnalyticsEvent(channel: ValuationChannel, isSingleStep: boolean): void {
  const dataLayer = (window as unknown as { dataLayer?: { push: (event: object) => void } }).dataLayer;
  dataLayer?.push({
    event: 'valuation_request',
    valuationChannel: channel,
    valuationForm: isSingleStep ? 'single-step' : 'multi-step',
  });
}

/** GET /postcode_branch_lookup: the nearest branch, null when none covers the postcode, 'failed' on an error. */
export async function lookUpBranch(postcode: string): Promise<Branch | null | 'failed'> {
  try {
    const response = await fetch(`/postcode_branch_lookup?postcode=${encodeURIComponent(postcode)}`, {
      headers: { Accept: 'application/json' },
    });
    if (response.status === 404) return null;
    if (!response.ok) return 'failed';
    const body = (await response.json()) as { branch?: Branch | null };
    return body.branch ?? null;
  } catch {
    return 'failed';
  }
}

export type ValuationSendResult = { isSent: true } | { isSent: false; notice: string };

/** POST /leads with the spec's JSON body. A 409 (the slot just went) brings the server's message back. */
export async function sendValuationRequest(input: {
  csrfToken: string;
  details: ValuationDetails;
  honeypot: string;
  message: string;
  branchId: number | null;
  appointment: ValuationAppointment | null;
  botFields: Record<string, string>;
  source: ValuationSource | null;
}): Promise<ValuationSendResult> {
  const response = await fetchWithCsrf('/leads', input.csrfToken, (csrfToken) => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(buildValuationPayload({ ...input, csrfToken })),
  }));
  if (response.status === 200) return { isSent: true };
  if (response.status === 409) {
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    return { isSent: false, notice: body.error ?? '' };
  }
  return { isSent: false, notice: '' };
}
