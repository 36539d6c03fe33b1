/**
 * Pieces every form uses besides its hook (use-schema-form.ts, docs/decisions/012): the authenticity token as a
 * hidden field (so the same <form> posts without JavaScript) and the GOV.UK 'Error: ' title prefix.
 */
import { useCallback, useEffect, useRef, type FormEvent } from 'react';
import { useNavigation, useRouteLoaderData } from 'react-router';
import { pageCsrfToken, useCurrentCsrfToken } from '../../lib/http/csrf-fetch.ts';

/**
 * The token from the root loader's data. Components sit below the features, so this reads the one field it needs
 * by its type rather than through features/site's useRootData (which a component may not import).
 */
function useCsrfToken(): string {
  return useRouteLoaderData<{ csrfToken?: string }>('root')?.csrfToken ?? '';
}

/** The authenticity token the server checks on every post (as a field, so a plain form post carries it). */
export function CsrfInput({ token }: { token: string }) {
  const value = useCurrentCsrfToken(token);
  // A shared page has no token (decision 026): once scripts run, the form fetches one, so a scripted submission
  // carries it. Without scripts the form posts as it is, which the server accepts as a form post from this site.
  useEffect(() => {
    if (!value) void pageCsrfToken();
  }, [value]);
  return <input type="hidden" name="authenticity_token" value={value} />;
}

/** The same, with the token of the current page (root loader data). */
export function CsrfField() {
  return <CsrfInput token={useCsrfToken()} />;
}

/** GOV.UK pattern: the page title starts with 'Error: ' while errors are shown. */
export function useErrorTitle(hasErrors: boolean): void {
  useEffect(() => {
    if (!hasErrors || document.title.startsWith('Error: ')) return;
    document.title = `Error: ${document.title}`;
    return () => {
      document.title = document.title.replace(/^Error: /, '');
    };
  }, [hasErrors]);
}

/**
 * One submission at a time for a router `<Form method="post">` that has no schema hook: a second click while the
 * first post is under way is ignored (a ref, because it can come before React renders the pending state), and
 * `isSubmitting` disables the button. Without JavaScript the form simply posts.
 */
export function useSubmitOnce(): { isSubmitting: boolean; onSubmit: (event: FormEvent<HTMLFormElement>) => void } {
  const navigation = useNavigation();
  const isRunning = useRef(false);
  useEffect(() => {
    if (navigation.state === 'idle') isRunning.current = false;
  }, [navigation.state]);
  return {
    isSubmitting: navigation.state === 'submitting',
    onSubmit(event) {
      if (isRunning.current) event.preventDefault();
      else isRunning.current = true;
    },
  };
}

/**
 * One post at a time for a plain `<form method="post">` (a full-page post, which the router does not see): once a
 * form of the page has posted, a further submit (a double click, Enter pressed twice) is ignored until the answer
 * replaces the page. Share one per page so two different posts cannot race either. A page the browser restores
 * from its back/forward cache posts again. Without JavaScript the form simply posts. Not for a form whose answer
 * is a download: the page stays, so its guard would never be released.
 */
export function usePostOnce(): (event: FormEvent<HTMLFormElement>) => void {
  const isPosting = useRef(false);
  useEffect(() => {
    const release = (event: PageTransitionEvent) => {
      if (event.persisted) isPosting.current = false;
    };
    window.addEventListener('pageshow', release);
    return () => window.removeEventListener('pageshow', release);
  }, []);
  return useCallback((event: FormEvent<HTMLFormElement>) => {
    if (event.defaultPrevented) return;
    if (isPosting.current) event.preventDefault();
    else isPosting.current = true;
  }, []);
}
