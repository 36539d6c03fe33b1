import type { Route } from './+types/diary-entry';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { useRootData } from '../../features/site/index.ts';
import { DiaryEntryView } from '../../features/diary/diary-entry-view.tsx';
import { diaryEntryAction, diaryEntryLoader } from '../../features/diary/diary-routes.server.ts';

/** /admin/diary/:id (the lead's id): one viewing or valuation, and the confirm, reschedule and cancel forms. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return answeringHttpErrors(request, () => diaryEntryLoader(request, params.id));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => diaryEntryAction(request, context, params.id));
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.entry.kind === 'valuation' ? 'Valuation' : 'Viewing'} | Diary | Back office` },
];

export default function AdminDiaryEntryRoute({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRootData();
  return (
    <DiaryEntryView
      entry={loaderData.entry}
      today={loaderData.today}
      csrfToken={root?.csrfToken ?? ''}
      errors={actionData?.errors ?? []}
    />
  );
}
