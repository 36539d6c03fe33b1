import { Link, useLocation, type LinkProps } from 'react-router';

/**
 * A link that opens a modal route over the current page (see modal.tsx): it keeps the scroll position and
 * remembers the page, so closing the modal goes back rather than forward. Kept apart from Modal so pages with
 * modal links do not load the dialog code until a modal opens.
 */
export function ModalLink({ to, state, ...props }: LinkProps) {
  const location = useLocation();
  return (
    <Link
      to={to}
      preventScrollReset
      state={{ ...(typeof state === 'object' && state ? state : {}), modalReturnTo: location.pathname }}
      {...props}
    />
  );
}
