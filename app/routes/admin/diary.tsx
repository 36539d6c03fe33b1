import type { Route } from './+types/diary';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { DiaryPageView } from '../../features/diary/diary-view.tsx';
import { diaryLoader } from '../../features/diary/diary-routes.server.ts';

/** /admin/diary (owners, managers, negotiators): a branch's day or week, and the requests waiting for a time. */
export async function loader({ request }: Route.LoaderArgs) {
  return answeringHttpErrors(request, () => diaryLoader(request));
}

export const meta: Route.MetaFunction = () => [{ title: 'Diary | Back office' }];

export default function AdminDiaryRoute({ loaderData }: Route.ComponentProps) {
  return <DiaryPageView {...loaderData} />;
}
