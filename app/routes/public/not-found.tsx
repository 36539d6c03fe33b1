import { data } from 'react-router';

/** Any unknown path renders the root error boundary's 404 page. */
export function loader() {
  throw data('Not found', { status: 404 });
}

export function action() {
  throw data('Not found', { status: 404 });
}

export default function NotFound() {
  return null;
}
