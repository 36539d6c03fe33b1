import { data } from 'react-router';
import type { Route } from './+types/user-layout';
import type { AccountLayoutData } from '../../features/account/account-client.ts';
import { AccountSidebar } from '../../features/account/account-sidebar.tsx';
import { getAccountBotCheckConfig } from '../../features/account/account-bot-check.server.ts';
import { NO_STORE } from '../../features/account/account-http.server.ts';
import { getUserView } from '../../features/account/accounts.server.ts';
import { getDb } from '../../lib/db.server.ts';

/** The account sidebar (spec point 2): open whenever the path starts with /user. Personal, so never cached. */
export async function loader({ context }: Route.LoaderArgs) {
  const userId = await context.session.getUserId();
  const [user, botCheck] = await Promise.all([getUserView(getDb(), userId), getAccountBotCheckConfig()]);
  return data({ user, botCheck } satisfies AccountLayoutData, { headers: NO_STORE });
}

export function headers() {
  return NO_STORE;
}

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData;
  return [
    { title: `Your account | ${root?.chrome?.agencyName ?? 'Doorstep'}` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function UserLayout() {
  return <AccountSidebar />;
}
